import Foundation
import TestSupport
import Testing

@testable import DeepLinkSystem
@testable import DeepLinkWire

extension SocketTests {
  /// The relay from stop signals to the servers' wake-up pipes.
  @Suite struct SignalRelayTests {
    /// A handler that has read a pipe's descriptor and not yet written to it holds up
    /// `unregister`, whose caller closes the pipe next: otherwise the descriptor's number could
    /// be reused (a new connection, a file) and get the handler's byte. `unregister` used to
    /// return at once.
    @Test func unregisteringWaitsForAHandlerThatIsStillRunning() throws {
      let pipe = try FileDescriptor.makePipe()
      defer {
        pipe.read.close()
        pipe.write.close()
      }
      try SignalRelay.register(pipe.write)
      let inHandler = DispatchSemaphore(value: 0)
      let leave = DispatchSemaphore(value: 0)
      Thread {
        asIfInSignalHandler {
          inHandler.signal()
          _ = leave.wait(timeout: .now() + 20)
        }
      }.start()
      inHandler.wait()
      let returned = Locked(false)
      let done = DispatchSemaphore(value: 0)
      Thread {
        SignalRelay.unregister(pipe.write)
        returned.withLock { $0 = true }
        done.signal()
      }.start()
      // Every chance to return too early; a slow machine can only make this pass wrongly.
      usleep(200_000)
      #expect(!returned.withLock { $0 }, "unregister returned while a handler was running")
      leave.signal()
      #expect(done.wait(timeout: .now() + 20) == .success)
      #expect(returned.withLock { $0 })
    }

    /// With every slot taken, one more server that stops on signals refuses to start and says
    /// why; it used to start and silently ignore SIGTERM.
    @Test func aServerBeyondTheRelaysSlotsRefusesToStart() throws {
      var pipes: [(read: FileDescriptor, write: FileDescriptor)] = []
      defer {
        for pipe in pipes {
          SignalRelay.unregister(pipe.write)
          pipe.read.close()
          pipe.write.close()
        }
      }
      while true {
        let pipe = try FileDescriptor.makePipe()
        do {
          try SignalRelay.register(pipe.write)
        } catch {
          pipe.read.close()
          pipe.write.close()
          break
        }
        pipes.append(pipe)
        try #require(pipes.count <= SignalRelay.slotCount)
      }
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      var options = RunningServer.testOptions
      options.stopsOnSignals = true
      let error = RunningServer.startFailure(path: directory.file("app.sock"), options: options)
      #expect(error == .tooManySignalRelays(limit: 32))
      #expect(
        error?.message
          == "32 servers in this process already stop on SIGINT, SIGTERM and SIGHUP, the most there can be; "
          + "start this one with stopsOnSignals off, or stop one of them")
      #expect(!FileManager.default.fileExists(atPath: directory.file("app.sock")))
    }
  }
}
