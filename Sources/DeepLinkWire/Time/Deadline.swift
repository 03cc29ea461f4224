/// A moment on the monotonic clock by which a wait must end.
///
///     let deadline = Deadline.after(milliseconds: 2_000)
///     deadline.remainingMilliseconds  // about 2000, then less, never below 0
public struct Deadline: Hashable, Comparable, Sendable {
  /// Milliseconds on ``Clocks/monotonicMilliseconds``; `Int64.max` for ``never``.
  public let monotonicMilliseconds: Int64

  public init(monotonicMilliseconds: Int64) {
    self.monotonicMilliseconds = monotonicMilliseconds
  }

  /// `milliseconds` from now.
  public static func after(milliseconds: Int) -> Deadline {
    Deadline(monotonicMilliseconds: Clocks.monotonicMilliseconds + Int64(milliseconds))
  }

  /// A deadline that never passes.
  public static let never = Deadline(monotonicMilliseconds: .max)

  /// Milliseconds left, 0 once passed.
  public var remainingMilliseconds: Int64 {
    guard self != .never else { return .max }
    return max(0, monotonicMilliseconds - Clocks.monotonicMilliseconds)
  }

  public var hasPassed: Bool { remainingMilliseconds == 0 }

  /// The time left as a `poll` timeout: -1 for ``never``, else clamped to `Int32`.
  var pollTimeout: Int32 {
    guard self != .never else { return -1 }
    return Int32(clamping: remainingMilliseconds)
  }

  public static func < (lhs: Deadline, rhs: Deadline) -> Bool {
    lhs.monotonicMilliseconds < rhs.monotonicMilliseconds
  }
}
