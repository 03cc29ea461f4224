import Foundation
import Testing

/// The CLI reaches the system only through DeepLinkWire's system layer (STYLE.md: Glibc
/// confined to the system files, syscalls wrapped once each).
@Suite struct SystemFolderTests {
  @Test func noSourceOfDeepLinkCommandImportsTheCLibrary() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/DeepLinkCommand")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap {
      $0 as? String
    }
    .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 20)
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      #expect(!text.contains("import Glibc") && !text.contains("import Darwin"), "\(file)")
    }
  }
}
