import Foundation

/// Finding the programs tests run, and the rule for tests whose needs are not met.
///
/// A test that needs what a machine may lack names it with `.requires(...)` (``TestTool``), and
/// is then recorded as skipped there, never as passed. CI sets `DEEPLINK_REQUIRE_ALL=1`
/// (`.ci/run` does), and then every such test runs whatever the machine lacks, so a missing tool
/// or privilege is a failure there, not a skip.
public enum ExternalTool {
  /// Whether this run must run every test (`DEEPLINK_REQUIRE_ALL=1`, as `.ci/run` sets it).
  public static let everyTestMustRun = ProcessInfo.processInfo.environment["DEEPLINK_REQUIRE_ALL"] == "1"

  /// Whether a test whose needs are `met` runs: always when ``everyTestMustRun``. For needs that
  /// are not in `Tests/test-tools.txt` (a platform, a checkout); tools go through `.requires`.
  public static func runs(needing met: Bool) -> Bool { met || everyTestMustRun }

  /// The path of `name` on `searchPath` (this process's `PATH` by default), or `nil` when it is
  /// not installed.
  public static func path(_ name: String, searchPath: String? = nil) -> String? {
    let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The path of `name`, or an error saying it is missing and what installs it.
  public static func require(_ name: String) throws -> String {
    guard let found = path(name) else { throw Missing(name: name) }
    return found
  }

  /// A program a test needs is not installed.
  public struct Missing: Error, CustomStringConvertible {
    /// The program's name.
    public let name: String
    public var description: String { "\(name) is not installed (make test-deps installs it)" }
  }
}
