import DeepLinkWire
import Foundation
import Testing

extension SocketTests {
  /// Stopping, signals and descriptor hygiene.
  @Suite struct LineServerLifecycleTests {
    /// Counted from the server's side: `/proc/net/unix` lists the listener and every
    /// connection it accepted under the socket's path, whoever else in this test process
    /// (other suites run in parallel) opens or closes descriptors meanwhile.
    @Test func descriptorsReturnToBaselineAfterThousandsOfConnections() throws {
      let directory = TemporaryDirectory()
      defer { directory.remove() }
      let path = directory.appending("app.sock")
      let server = try RunningServer.start(path: path)
      for index in 0..<2_000 {
        let client = try LineClient.open(server.path)
        if index % 2 == 0 { #expect(try client.ask("n") == "echo:n") }
        client.close()
      }
      // The server closes its ends when it sees end-of-file: soon, not at once. Only the
      // listener stays.
      #expect(eventually { serverSocketCount(path) == 1 }, "\(serverSocketCount(path)) sockets")
      #expect(server.stop() != nil)
      #expect(serverSocketCount(path) == 0)
      #expect(!descriptorList().contains { $0.hasSuffix("=" + path + ".lock") }, "the lock is still open")
    }

    @Test func stopRemovesTheSocketFileAndReleasesTheLock() throws {
      let directory = TemporaryDirectory()
      defer { directory.remove() }
      let path = directory.appending("app.sock")
      let server = try RunningServer.start(path: path)
      #expect(FileManager.default.fileExists(atPath: path))
      let result = server.stop()
      #expect(throws: Never.self) { try result?.get() }
      #expect(!FileManager.default.fileExists(atPath: path))
      // The lock is free: a new server starts on the same path.
      let again = try RunningServer.start(path: path)
      #expect(try LineClient.open(path).ask("x") == "echo:x")
      again.stop()
    }

    @Test func stopBeforeRunReturnsAtOnce() throws {
      let directory = TemporaryDirectory()
      defer { directory.remove() }
      let server = LineServer(path: directory.appending("app.sock"))
      server.stop()
      try server.run { _ in "" }
      #expect(!FileManager.default.fileExists(atPath: server.path))
    }

    @Test func sigtermStopsTheServerCleanly() throws {
      let directory = TemporaryDirectory()
      defer { directory.remove() }
      var options = RunningServer.testOptions
      options.stopsOnSignals = true
      let server = try RunningServer.start(path: directory.appending("app.sock"), options: options)
      kill(getpid(), SIGTERM)
      let result = try #require(server.waitUntilFinished())
      #expect(throws: Never.self) { try result.get() }
      #expect(!FileManager.default.fileExists(atPath: server.path))
    }
  }
}
