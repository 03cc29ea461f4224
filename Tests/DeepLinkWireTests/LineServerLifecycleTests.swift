import DeepLinkWire
import Foundation
import TestSupport
import Testing

extension SocketTests {
  /// Stopping, signals and descriptor hygiene.
  @Suite struct LineServerLifecycleTests {
    /// The server closes every connection it accepted: after thousands of clients, only the
    /// listening socket is left, and after stop, nothing (counted among the test process's
    /// descriptors, where the server runs). (The app process's whole descriptor
    /// table is checked by the hardening tests, in a process of its own.)
    @Test func connectionsAreClosedAfterThousandsOfClients() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let server = try RunningServer.start(path: directory.file("app.sock"))
      #expect(eventually { socketCount(boundTo: server.path) == 1 })
      for index in 0..<2_000 {
        let client = try LineClient.open(server.path)
        if index % 2 == 0 { #expect(try client.ask("n") == "echo:n") }
        client.close()
      }
      // The server closes its ends when it sees end-of-file: soon, not at once.
      let drained = eventually { socketCount(boundTo: server.path) == 1 }
      #expect(drained, "sockets still open on \(server.path): \(socketCount(boundTo: server.path))")
      #expect(server.stop() != nil)
      #expect(eventually { socketCount(boundTo: server.path) == 0 })
    }

    @Test func stopRemovesTheSocketFileAndReleasesTheLock() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let path = directory.file("app.sock")
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
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let server = LineServer(path: directory.file("app.sock"))
      server.stop()
      try server.run { _, _ in }
      #expect(!FileManager.default.fileExists(atPath: server.path))
    }

    @Test func sigtermStopsTheServerCleanly() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      var options = RunningServer.testOptions
      options.stopsOnSignals = true
      let server = try RunningServer.start(path: directory.file("app.sock"), options: options)
      kill(getpid(), SIGTERM)
      let result = try #require(server.waitUntilFinished())
      #expect(throws: Never.self) { try result.get() }
      #expect(!FileManager.default.fileExists(atPath: server.path))
    }
  }
}
