#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  @preconcurrency import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP held back (blocked) while something must be undone before
/// `deeplink` ends: a tour's simulator status bar. A signal that comes meanwhile stays
/// pending; the tour looks for it between steps (and during `--settle`), undoes what it did,
/// and lets the signal through, which then ends `deeplink` as it would have (status 128 + n).
/// SIGPIPE is held too, so that a write to a pipe whose reader left (`tour --json | head -1`)
/// fails with `EPIPE` and unwinds through the undoing instead of ending `deeplink` at once.
///
/// A program that ``ChildProcess`` runs while the signals are held (a screenshot, a link's
/// delivery) is killed as soon as one comes, so that a hung `simctl` does not keep a Ctrl-C
/// waiting until `--timeout`; the undoing itself (``undoing()``) runs to its end.
///
/// `deeplink` runs on one thread, so the calling thread's mask is the process's. Children
/// start with nothing blocked (``ChildProcess`` sets their mask).
package enum HeldSignals {
  /// The signals held: those ``SignalForwarding`` passes on.
  package static var signals: [Int32] { SignalForwarding.signals }

  /// Whether a child is stopped when a held signal comes: from ``hold()`` until ``undoing()``
  /// or ``release()``. Only ever touched by `deeplink`'s one thread.
  nonisolated(unsafe) private static var stopsChildren = false

  /// Blocks the signals and SIGPIPE (`pthread_sigmask(SIG_BLOCK)`).
  package static func hold() {
    var set = heldSet
    pthread_sigmask(SIG_BLOCK, &set, nil)
    stopsChildren = true
  }

  /// Whether the program ``ChildProcess`` is running must stop: a held signal is pending, and
  /// nothing is being undone.
  package static var childMustStop: Bool { stopsChildren && pending }

  /// From now on, what runs undoes what the signals are held for: a child runs to its end (or
  /// its deadline) even with a signal pending.
  package static func undoing() {
    stopsChildren = false
  }

  /// Whether one of the signals is pending (`sigpending(2)`).
  package static var pending: Bool {
    var set = sigset_t()
    sigemptyset(&set)
    sigpending(&set)
    return signals.contains { sigismember(&set, $0) == 1 }
  }

  /// Unblocks the signals (`pthread_sigmask(SIG_UNBLOCK)`): a pending one is delivered now,
  /// with its handler (by default: the end of the process). Unblocked, not restored: a process
  /// started from a thread that blocks them (a test runner's, a supervisor's) inherits them
  /// blocked, and restoring that would keep the signal pending for ever.
  package static func release() {
    stopsChildren = false
    var set = heldSet
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  private static var heldSet: sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals + [SIGPIPE] { sigaddset(&set, signal) }
    return set
  }

  /// Waits `milliseconds`, or less when a signal comes; whether one did.
  package static func pause(milliseconds: Int) -> Bool {
    var left = milliseconds
    while left > 0 {
      if pending { return true }
      let slice = min(left, 20)
      BinaryFile.pause(milliseconds: slice)
      left -= slice
    }
    return pending
  }
}
