#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The two clocks the libraries need, as plain milliseconds (no `Clock` protocol, no Foundation).
///
/// Deadlines inside one process use ``monotonicMilliseconds``; a deadline that travels on the
/// wire to another process is wall-clock time, ``epochMilliseconds``.
package enum Clocks {
  /// Milliseconds on `clock_gettime(CLOCK_MONOTONIC)`: only differences mean anything, and it
  /// never jumps when the wall clock is set.
  package static var monotonicMilliseconds: Int64 {
    milliseconds(CLOCK_MONOTONIC)
  }

  /// Nanoseconds on `clock_gettime(CLOCK_MONOTONIC)`, for ``ConditionLock``'s timed waits.
  package static var monotonicNanoseconds: Int64 {
    var time = timespec()
    _ = clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }

  /// Milliseconds since the Unix epoch on `clock_gettime(CLOCK_REALTIME)`, comparable between
  /// processes on one machine.
  package static var epochMilliseconds: Int64 {
    milliseconds(CLOCK_REALTIME)
  }

  private static func milliseconds(_ clock: clockid_t) -> Int64 {
    var time = timespec()
    // clock_gettime cannot fail for these two clocks with a valid pointer.
    _ = clock_gettime(clock, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
  }

  /// Sleeps about `milliseconds` with `nanosleep(2)`, for retry loops: a signal's handler
  /// does not cut it short (``systemCall(_:_:)`` sleeps again for the time that was left).
  package static func sleep(milliseconds: Int) {
    var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    var remaining = timespec()
    _ = try? systemCall("nanosleep") {
      let result = nanosleep(&request, &remaining)
      request = remaining
      return result
    }
  }
}
