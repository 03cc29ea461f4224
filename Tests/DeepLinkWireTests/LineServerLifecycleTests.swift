import DeepLinkWire
import Foundation
import Testing

extension SocketTests {
  /// Stopping, signals and descriptor hygiene.
  @Suite struct LineServerLifecycleTests {
    @Test func descriptorsReturnToBaselineAfterThousandsOfConnections() throws {
      let directory = TemporaryDirectory()
      defer { directory.remove() }
      let baseline = openDescriptorCount()
      let baselineList = descriptorList()
      let server = try RunningServer.start(path: directory.appending("app.sock"))
      let serving = openDescriptorCount()
      for index in 0..<2_000 {
        let client = try LineClient.open(server.path)
        if index % 2 == 0 { #expect(try client.ask("n") == "echo:n") }
        client.close()
      }
      // The server closes its ends when it sees end-of-file: soon, not at once.
      #expect(eventually { openDescriptorCount() == serving })
      #expect(server.stop() != nil)
      let back = eventually { openDescriptorCount() == baseline }
      #expect(back, "open before: \(baselineList); open now: \(descriptorList())")
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
