import Foundation
import TestSupport
import Testing

/// The relay's atomics live in C (`DeepLinkSystemC`) on every platform: no library imports
/// `Synchronization`, whose `Atomic` and `Mutex` need macOS 15 / iOS 18 — not even in a
/// Linux-only branch the Apple type-check never compiles. A source scan, so it runs on every
/// machine, not only where the stand-in SDK can be built.
struct SynchronizationImportTests {
  /// Whether `line` imports the module `Synchronization` in any form Swift accepts: plain,
  /// with an access level or attributes, or one declaration (`import struct Synchronization.Atomic`).
  static func importsSynchronization(_ line: Substring) -> Bool {
    let pattern =
      #"^\s*(@[A-Za-z_]+\s+)*((public|package|internal|fileprivate|private)\s+)?import\s+"#
      + #"((struct|class|enum|protocol|typealias|func|var|let)\s+)?Synchronization(\.|\s|$)"#
    return String(line).range(of: pattern, options: .regularExpression) != nil
  }

  @Test func theScanRecognisesEveryImportForm() {
    for line in [
      "import Synchronization", "  public import Synchronization", "@preconcurrency import Synchronization",
      "import struct Synchronization.Atomic", "internal import struct Synchronization.Mutex",
    ] {
      #expect(Self.importsSynchronization(line[...]), "\(line)")
    }
    for line in ["import SynchronizationExtras", "// Synchronization is not imported", "import Glibc"] {
      #expect(!Self.importsSynchronization(line[...]), "\(line)")
    }
  }

  @Test func noLibraryImportsSynchronization() throws {
    var found: [String] = []
    for target in ["DeepLinkRoutes", "DeepLinkSystem", "DeepLinkWire", "DeepLinkAgent", "DeepLinkCommand"] {
      let folder = PackageBuild.root + "/Sources/" + target
      let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
      for file in files.sorted() where file.hasSuffix(".swift") {
        let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where Self.importsSynchronization(line) {
          found.append("Sources/\(target)/\(file):\(number + 1)")
        }
      }
    }
    #expect(found == [])
  }
}
