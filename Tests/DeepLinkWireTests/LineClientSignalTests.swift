import DeepLinkWire
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension SocketTests {
  /// A client in a process that handles signals: a handler that runs while the client waits
  /// interrupts its `poll` (`EINTR`; `poll` is never restarted, whatever `SA_RESTART` says).
  @Suite struct LineClientSignalTests {
    /// The client waits for a reply the server holds back while SIGUSR1 (with a handler that
    /// does nothing) hits the waiting thread again and again; the reply then comes. Each
    /// interruption used to end the wait as if the deadline had passed: `timedOut`, with
    /// nearly all of the 20 s left.
    @Test func signalsHandledWhileWaitingForAReplyAreNotATimeout() throws {
      installNoOpHandler(SIGUSR1)
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let received = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      let server = try RunningServer.start(path: directory.file("app.sock")) { line in
        guard line.elementsEqual("hold".utf8) else { return "echo" }
        received.signal()
        _ = release.wait(timeout: .now() + 20)
        return "held reply"
      }
      defer { server.stop() }

      let waiter = Locked<pthread_t?>(nil)
      let outcome = Locked<Result<[UInt8], SocketError>?>(nil)
      let finished = DispatchSemaphore(value: 0)
      let path = server.path
      Thread {
        // Threads started from a test inherit its worker thread's mask, which blocks signals.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGUSR1)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        waiter.withLock { $0 = pthread_self() }
        let result = Result { () throws(SocketError) in
          let client = try LineClient.connect(
            path: path, deadline: .after(milliseconds: Patience.milliseconds))
          defer { client.close() }
          return try client.request("hold", deadline: .after(milliseconds: Patience.milliseconds))
        }
        outcome.withLock { $0 = result }
        finished.signal()
      }.start()

      try #require(received.wait(timeout: .now() + 20) == .success, "the request never arrived")
      let thread = try #require(waiter.withLock { $0 })
      // The client is in (or on its way into) its wait for the reply: interrupt it 50 times.
      for _ in 0..<50 where outcome.withLock({ $0 }) == nil {
        pthread_kill(thread, SIGUSR1)
        usleep(5_000)
      }
      release.signal()
      try #require(finished.wait(timeout: .now() + 20) == .success)
      #expect(try outcome.withLock { $0 }?.get() == Array("held reply".utf8))
    }
  }
}

/// Installs a handler for `signal` that does nothing, so that the signal interrupts blocking
/// calls (with the default action it would end the process; ignored, it would not interrupt).
private func installNoOpHandler(_ signal: Int32) {
  var action = sigaction()
  action.__sigaction_handler.sa_handler = { _ in }
  sigemptyset(&action.sa_mask)
  action.sa_flags = 0
  sigaction(signal, &action, nil)
}
