import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Stopping the app, whatever signal mask it inherited.
@Suite struct SignalTests {
  /// A parent that spawns from a thread with SIGTERM blocked (Dispatch workers, test runners,
  /// some supervisors) passes that mask on. The app used to keep it and ignore SIGTERM for
  /// good; it now unblocks its stop signals.
  @Test func sigtermStopsAnAppThatInheritedItBlocked() throws {
    let started = Locked<Result<RunningApp, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      var blocked = sigset_t()
      sigemptyset(&blocked)
      sigaddset(&blocked, SIGTERM)
      sigaddset(&blocked, SIGINT)
      pthread_sigmask(SIG_BLOCK, &blocked, nil)
      started.withLock { $0 = Result { try RunningApp.start() } }
      done.signal()
    }
    thread.start()
    done.wait()
    let app = try #require(started.withLock { $0 }).get()
    defer {
      if app.process.isRunning { kill(app.pid, SIGKILL) }
      app.directory.remove()
    }
    #expect(try AppWire.answersPing(app))

    kill(app.pid, SIGTERM)
    // Bounded wait (a hang would otherwise be the failure); no duration is asserted.
    let giveUp = Date().addingTimeInterval(Patience.seconds)
    while app.process.isRunning, Date() < giveUp { usleep(10_000) }
    #expect(!app.process.isRunning, "SIGTERM did not stop the app")
    if !app.process.isRunning {
      #expect(app.process.terminationReason == .exit)
      #expect(app.process.terminationStatus == 0)
      #expect(!FileManager.default.fileExists(atPath: app.socket), "the socket file was left behind")
    }
  }
}
