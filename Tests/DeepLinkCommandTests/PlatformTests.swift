import Foundation
import Testing

/// The CLI reaches the system only through DeepLinkWire's platform layer and its own
/// `Platform/` folder, which starts the device tools (STYLE.md: Glibc confined to the platform
/// files, syscalls wrapped once each).
@Suite struct PlatformTests {
  @Test func noSourceOfDeepLinkCommandOutsidePlatformImportsTheCLibrary() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/DeepLinkCommand")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap {
      $0 as? String
    }
    .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Platform/") }
    #expect(files.count > 20)
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      #expect(!text.contains("import Glibc") && !text.contains("import Darwin"), "\(file)")
    }
  }
}
