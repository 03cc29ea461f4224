import Foundation

extension Process {
  /// Waits until the process has ended and Foundation holds its status, for `timeout` seconds
  /// at most; whether it ended.
  ///
  /// Use it instead of `waitUntilExit()`. On Linux, Foundation's wait runs the calling thread's
  /// run loop until the process ends, and on any thread but the one that started the process
  /// that run loop has nothing to wait on: it returns at once, and the wait spins a core for as
  /// long as the process lives. With every test waiting on processes, that spinning was half of
  /// the CPU time of `make test`. This sleeps instead, a little longer each round up to 1 ms, so
  /// a process that ends is seen within a millisecond.
  ///
  /// Once the process has ended, it calls `waitUntilExit()`, which then returns at once: only
  /// that call lets go of the run-loop source that `run()` made, which holds the process and
  /// so its pipes. Without it every process and its descriptors stay for the whole run, and
  /// past about 1,300 open descriptors Foundation's `run()` itself crashes (its listing of
  /// `/proc/self/fd` reads past glibc's buffer: swift-corelibs-foundation pull request 5472).
  @discardableResult
  public func waitForExit(timeout: Double = .infinity) -> Bool {
    let deadline = timeout.isFinite ? Date().addingTimeInterval(timeout) : Date.distantFuture
    var pause: UInt32 = 50
    while isRunning {
      guard Date() < deadline else { return false }
      usleep(pause)
      pause = min(pause * 2, 1_000)
    }
    waitUntilExit()
    return true
  }
}
