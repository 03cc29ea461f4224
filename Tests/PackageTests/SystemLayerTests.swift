import Foundation
import TestSupport
import Testing

/// Every system call goes through the system layer (`Sources/DeepLinkSystem`): no other Swift
/// file imports Glibc or Darwin, and none handles `EINTR` itself, so an interrupted call is
/// retried in one place (`systemCall`). The two mains import them for `exit`, as a program
/// built on the libraries does (docs/your-own-app.md). A source scan, so it runs everywhere.
struct SystemLayerTests {
  static let allowedImports: Set<String> = ["deeplink/main.swift", "deeplink-app/main.swift"]

  /// Each Swift file under `Sources/` outside the system layer, as a path from `Sources/`, with
  /// its lines that are not comments.
  static func filesOutsideTheLayer() throws -> [(path: String, lines: [(number: Int, text: Substring)])] {
    let folder = PackageBuild.root + "/Sources"
    let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
    let outside = files.sorted().filter { $0.hasSuffix(".swift") && !$0.hasPrefix("DeepLinkSystem/") }
    return try outside.map { file in
      let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .map { (number: $0.offset + 1, text: $0.element) }
        .filter { !$0.text.drop(while: { $0 == " " }).hasPrefix("//") }
      return (file, lines)
    }
  }

  @Test func onlyTheSystemLayerImportsTheCLibrary() throws {
    let pattern =
      #"^\s*(@[A-Za-z_]+\s+)*((public|package|internal)\s+)?import\s+(Glibc|Darwin|Musl)(\.|\s|$)"#
    var found: [String] = []
    for file in try Self.filesOutsideTheLayer() where !Self.allowedImports.contains(file.path) {
      for line in file.lines where String(line.text).range(of: pattern, options: .regularExpression) != nil {
        found.append("Sources/\(file.path):\(line.number)")
      }
    }
    #expect(found == [])
  }

  @Test func noCodeOutsideTheSystemLayerRetriesAnInterruptedCall() throws {
    var found: [String] = []
    for file in try Self.filesOutsideTheLayer() {
      for line in file.lines where line.text.contains("EINTR") || line.text.contains(".interrupted") {
        found.append("Sources/\(file.path):\(line.number)")
      }
    }
    #expect(found == [])
  }
}
