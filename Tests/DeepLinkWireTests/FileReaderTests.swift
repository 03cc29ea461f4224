import Foundation
import TestSupport
import Testing

@testable import DeepLinkSystem

extension SocketTests {
  // Among the socket tests: it opens descriptors, which the descriptor-count test must not see.
  /// `FileReader`: a whole file as bytes, or why not with its errno.
  @Suite struct FileReaderTests {
    @Test func readsAWholeFile() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let path = directory.file("lines.txt")
      let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0) }
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      #expect(try FileReader.contents(of: path) == bytes)
    }

    @Test func aMissingFileGivesENOENT() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let path = directory.file("missing.txt")
      #expect(throws: FileReader.Failure(path: path, errno: .noEntry)) { try FileReader.contents(of: path) }
      #expect(
        FileReader.Failure(path: path, errno: .noEntry).reason == "No such file or directory (ENOENT)")
    }

    /// `open` succeeds on a directory; `read` fails, and that is reported too.
    @Test func aDirectoryGivesEISDIR() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      #expect(throws: FileReader.Failure(path: directory.path, errno: Errno(rawValue: EISDIR))) {
        try FileReader.contents(of: directory.path)
      }
    }
  }
}
