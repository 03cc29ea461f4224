/// A moment on the monotonic clock by which a wait must end.
///
///     let deadline = Deadline.after(milliseconds: 2_000)
///     deadline.remainingMilliseconds  // about 2000, then less, never below 0
package struct Deadline: Hashable, Comparable, Sendable {
  /// Milliseconds on ``Clocks/monotonicMilliseconds``; `Int64.max` for ``never``.
  package let monotonicMilliseconds: Int64

  package init(monotonicMilliseconds: Int64) {
    self.monotonicMilliseconds = monotonicMilliseconds
  }

  /// `milliseconds` from now.
  package static func after(milliseconds: Int) -> Deadline {
    Deadline(monotonicMilliseconds: Clocks.monotonicMilliseconds + Int64(milliseconds))
  }

  /// A deadline that never passes.
  package static let never = Deadline(monotonicMilliseconds: .max)

  /// Milliseconds left, 0 once passed.
  package var remainingMilliseconds: Int64 {
    guard self != .never else { return .max }
    return max(0, monotonicMilliseconds - Clocks.monotonicMilliseconds)
  }

  package var hasPassed: Bool { remainingMilliseconds == 0 }

  /// The time left as a `poll` timeout: -1 for ``never``, else clamped to `Int32`.
  package var pollTimeout: Int32 {
    guard self != .never else { return -1 }
    return Int32(clamping: remainingMilliseconds)
  }

  package static func < (lhs: Deadline, rhs: Deadline) -> Bool {
    lhs.monotonicMilliseconds < rhs.monotonicMilliseconds
  }
}
