import Foundation
import TestSupport
import Testing

@testable import DeepLinkWire

extension SocketTests {
  @Suite struct ServerStartUpTests {
    @Test func missingDirectoryIsCreatedPrivate() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let server = try RunningServer.start(path: directory.file("sub/app.sock"))
      defer { server.stop() }
      #expect(permissions(of: directory.file("sub")) == 0o700)
    }

    @Test func onlyTheLastDirectoryIsCreated() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let error = RunningServer.startFailure(path: directory.file("a/b/app.sock"))
      #expect(error == .missingParent(directory: directory.file("a/b"), parent: directory.file("a")))
      #expect(
        error?.message
          == "cannot create the socket's directory \(directory.file("a/b")): its parent directory "
          + "\(directory.file("a")) does not exist; create it first, or choose another --socket path")
    }

    /// A shared directory such as /tmp is refused with advice that does not touch it.
    @Test func aSharedStickyDirectoryIsRefusedWithoutChmodAdvice() throws {
      let error = try #require(RunningServer.startFailure(path: "/tmp/deeplink-test-\(getpid()).sock"))
      #expect(error.message.contains("choose a --socket path in a directory of your own"), "\(error.message)")
      #expect(!error.message.contains("chmod"), "\(error.message)")
    }

    @Test func groupWritableDirectoryIsRefused() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let socketDirectory = directory.file("shared")
      try FileManager.default.createDirectory(atPath: socketDirectory, withIntermediateDirectories: false)
      chmod(socketDirectory, 0o770)
      let error = try #require(RunningServer.startFailure(path: socketDirectory + "/app.sock"))
      #expect(error == .unsafeDirectory(path: socketDirectory, problem: .writableByOthers(mode: "0770")))
      #expect(error.message.contains("mode 0770"))
      #expect(error.message.contains("chmod go-w \(socketDirectory)"))
      #expect(permissions(of: socketDirectory) == 0o770)
    }

    @Test func directoryOwnedBySomeoneElseIsRefused() throws {
      guard getuid() == 0 else { return }  // Only root can give a directory away.
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let socketDirectory = directory.file("theirs")
      try FileManager.default.createDirectory(atPath: socketDirectory, withIntermediateDirectories: false)
      chmod(socketDirectory, 0o700)
      #expect(chown(socketDirectory, 65534, 65534) == 0)
      let error = try #require(RunningServer.startFailure(path: socketDirectory + "/app.sock"))
      #expect(
        error == .unsafeDirectory(path: socketDirectory, problem: .ownedByAnotherUser(owner: 65534, user: 0)))
      #expect(error.message.contains("belongs to uid 65534"))
    }

    @Test func fileWhereTheDirectoryShouldBeIsRefused() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let notADirectory = directory.file("file")
      #expect(FileManager.default.createFile(atPath: notADirectory, contents: Data("x".utf8)))
      let error = RunningServer.startFailure(path: notADirectory + "/app.sock")
      #expect(error == .unsafeDirectory(path: notADirectory, problem: .notADirectory(kind: "a regular file")))
    }

    @Test func staleSocketIsTakenOver() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let path = directory.file("app.sock")
      // A socket file nobody listens on, as a killed server leaves behind.
      let socket = try UnixSocket.makeStream()
      try UnixSocket.bind(socket, to: path)
      socket.close()
      #expect(throws: SocketError.noListener(path: path)) { try LineClient.connect(path: path) }
      let server = try RunningServer.start(path: path)
      defer { server.stop() }
      #expect(try LineClient.open(path).ask("again") == "echo:again")
    }

    @Test func secondServerOnALivePathRefusesAndLeavesTheFirstWorking() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let first = try RunningServer.start(path: directory.file("app.sock"))
      defer { first.stop() }
      let error = try #require(RunningServer.startFailure(path: first.path))
      #expect(error == .alreadyListening(path: first.path))
      #expect(error.message == "another app is already listening on \(first.path)")
      #expect(FileManager.default.fileExists(atPath: first.path))
      #expect(FileManager.default.fileExists(atPath: first.path + ".lock"), "the first server's lock file")
      #expect(try LineClient.open(first.path).ask("still") == "echo:still")
    }

    @Test func liveServerWithoutTheLockIsNotReplaced() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let path = directory.file("app.sock")
      // A listener that took no lock (an older server, or a deleted lock file).
      let socket = try UnixSocket.makeStream()
      defer { socket.close() }
      try UnixSocket.bind(socket, to: path)
      try UnixSocket.listen(socket, backlog: 8)
      #expect(RunningServer.startFailure(path: path) == .alreadyListening(path: path))
      #expect(FileManager.default.fileExists(atPath: path))
      // The refused start leaves no lock file of its own behind.
      #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
    }

    @Test func regularFileAtThePathIsRefusedAndLeftAlone() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let path = directory.file("app.sock")
      #expect(FileManager.default.createFile(atPath: path, contents: Data("precious".utf8)))
      let error = try #require(RunningServer.startFailure(path: path))
      #expect(error == .notASocket(path: path, kind: "a regular file"))
      #expect(error.message.contains("refusing to replace \(path)"))
      #expect(FileManager.default.contents(atPath: path) == Data("precious".utf8))
      // The refused start leaves no lock file of its own behind.
      #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
    }

    @Test func tooLongPathIsRefusedBeforeAnythingIsCreated() {
      let path = "/tmp/" + String(repeating: "d", count: 120) + "/app.sock"
      let error = RunningServer.startFailure(path: path)
      #expect(error == .invalidPath(.tooLong(path: path, length: path.utf8.count, limit: 107)))
      #expect(!FileManager.default.fileExists(atPath: SocketPath.directory(of: path)))
    }
  }
}
