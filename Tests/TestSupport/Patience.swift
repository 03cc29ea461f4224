/// How long a test waits for something that must happen: an answer, a drain, a start-up.
///
/// A bound on a hang, never a measure of speed: a passing test does not wait it out, and no
/// test asserts how long anything took against it. It is generous because `make sanitize` runs
/// every test at once under AddressSanitizer or ThreadSanitizer on two cores that other work
/// may keep busy, where an app can take many seconds to drain the links a stress test queued
/// before it answers the next request. A test that checks a deadline *expires* uses its own
/// short one instead.
public enum Patience {
  /// The bound, in seconds.
  public static let seconds: Double = 120

  /// The bound, in milliseconds, for the wire's deadlines.
  public static var milliseconds: Int { Int(seconds * 1_000) }

  /// The bound on a command that builds (`swift build`, `make install`, a type-check of the
  /// standard library for another platform): minutes of CPU on a busy machine, never forever.
  public static let buildSeconds: Double = 3600

  /// The bound as a `deeplink wait --timeout` argument.
  public static var timeoutArgument: String { String(Int(seconds)) }
}
