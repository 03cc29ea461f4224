import Foundation

/// A program from `PATH` that some tests need and a machine may lack (`socat`, `nc`,
/// `timeout`), and the rule for tests whose needs are not met.
///
/// A test that cannot run here is recorded as skipped, never as passed: give it
/// `.enabled(if: ExternalTool.runs(needing: ...), "...")`. CI sets `DEEPLINK_REQUIRE_ALL=1`
/// (`.ci/run` does), and then every such test runs whatever the machine lacks, so a missing
/// tool or privilege is a failure there, not a skip.
public enum ExternalTool {
  /// Whether this run must run every test (`DEEPLINK_REQUIRE_ALL=1`, as `.ci/run` sets it).
  public static let everyTestMustRun = ProcessInfo.processInfo.environment["DEEPLINK_REQUIRE_ALL"] == "1"

  /// Whether a test whose needs are `met` runs: always when ``everyTestMustRun``.
  public static func runs(needing met: Bool) -> Bool { met || everyTestMustRun }

  /// Whether a test needing the programs `names` runs here.
  public static func runs(needing names: String...) -> Bool {
    runs(needing: names.allSatisfy { path($0) != nil })
  }

  /// The path of `name` on `PATH`, or `nil` when it is not installed.
  public static func path(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The path of `name`, or an error saying it is missing and that `.ci/run` installs it.
  public static func require(_ name: String) throws -> String {
    guard let found = path(name) else { throw Missing(name: name) }
    return found
  }

  /// A program a test needs is not installed.
  public struct Missing: Error, CustomStringConvertible {
    /// The program's name.
    public let name: String
    public var description: String { "\(name) is not installed (.ci/run installs it with apt-get)" }
  }
}
