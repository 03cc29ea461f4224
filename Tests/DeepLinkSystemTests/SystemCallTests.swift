import DeepLinkSystem
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `systemCall`, the one place where a call a signal interrupted (`EINTR`) is made again.
@Suite struct SystemCallTests {
  /// A call that fails with `EINTR` is called again until it gives an answer; the answer is
  /// returned as if nothing had happened.
  @Test func aCallInterruptedBySignalsIsCalledAgain() throws {
    var calls = 0
    let result = try systemCall("read") { () -> Int in
      calls += 1
      guard calls > 3 else {
        errno = EINTR
        return -1
      }
      return 7
    }
    #expect(result == 7)
    #expect(calls == 4)
  }

  /// Any other failure ends the call at once, with the C function's name and its `errno`.
  @Test func anotherFailureIsThrownAtOnce() {
    var calls = 0
    #expect(throws: SystemCallError("write", .brokenPipe)) {
      try systemCall("write") { () -> Int in
        calls += 1
        errno = EPIPE
        return -1
      }
    }
    #expect(calls == 1)
  }

  /// A real interruption: a thread blocks in `read(2)` on an empty pipe while SIGUSR1, whose
  /// handler was installed without `SA_RESTART`, hits it again and again, as a host app's or
  /// test runner's handlers do. The kernel ends each of those reads with `EINTR`; the read
  /// through the system layer keeps waiting and returns the byte written afterwards.
  @Test func aReadInterruptedBySignalsStillReturnsTheData() throws {
    installNoOpHandler(SIGUSR1)
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    let (readEnd, writeEnd) = (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    defer {
      readEnd.close()
      writeEnd.close()
    }

    let reader = Shared<pthread_t?>(nil)
    let outcome = Shared<Result<Int?, SystemCallError>?>(nil)
    let reading = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    let mayExit = DispatchSemaphore(value: 0)
    Thread {
      // Threads started from a test inherit its worker thread's mask, which blocks signals.
      var signals = sigset_t()
      sigemptyset(&signals)
      sigaddset(&signals, SIGUSR1)
      pthread_sigmask(SIG_UNBLOCK, &signals, nil)
      reader.set(pthread_self())
      reading.signal()
      var buffer = [UInt8](repeating: 0, count: 16)
      outcome.set(Result { () throws(SystemCallError) in try readEnd.read(into: &buffer) })
      finished.signal()
      // Alive until the signals stop: a signal sent to a thread that has ended is undefined.
      _ = mayExit.wait(timeout: .now() + 20)
    }.start()

    try #require(reading.wait(timeout: .now() + 20) == .success)
    let thread = try #require(reader.get())
    // The reader is in (or on its way into) its blocking read: interrupt it 40 times.
    for _ in 0..<40 {
      pthread_kill(thread, SIGUSR1)
      usleep(5_000)
    }
    let endedEarly = outcome.get()
    var byte: UInt8 = 42
    _ = withUnsafeBytes(of: &byte) { write(writeEnd.rawValue, $0.baseAddress, 1) }
    let done = finished.wait(timeout: .now() + 20)
    mayExit.signal()
    try #require(done == .success)
    #expect(endedEarly == nil, "the read ended while nothing had been written")
    #expect(try outcome.get()?.get() == 1)
  }
}

/// A value behind an `NSLock`, shared between a test and its thread.
private final class Shared<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func get() -> Value { lock.withLock { value } }
  func set(_ newValue: Value) { lock.withLock { value = newValue } }
}

/// Installs a handler for `signal` that does nothing and no `SA_RESTART`, so that the signal
/// interrupts blocking calls (with the default action it would end the process; ignored, it
/// would not interrupt).
private func installNoOpHandler(_ signal: Int32) {
  var action = sigaction()
  action.__sigaction_handler.sa_handler = { _ in }
  sigemptyset(&action.sa_mask)
  action.sa_flags = 0
  sigaction(signal, &action, nil)
}
