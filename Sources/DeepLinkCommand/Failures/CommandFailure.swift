/// Why a command did not succeed: what every feature's failure says, and how it ends the run.
///
/// Each feature declares its own failures beside its code (``UsageError``, ``ClientFailure``
/// for the app's socket, ``DeviceFailure``, ``TourFailure``, ``ReleaseCheckFailure``,
/// ``BatchFailure``, ``KeepWatchFailure``, ``StreamFailure``) and conforms them to this
/// protocol; ``DeepLinkTool`` reports whatever a command threw in one place
/// (``CommandContext/report(_:json:to:)``), as text or as one JSON object:
///
///     deeplink: error: <message>
///     <hint>
///     {"ok":false,"error":{"kind":<kind>,"message":<message>,"hint":<hint>,"line":<line>,"exitCode":<exitCode>}}
///
/// A conforming type promises a message (``message(for:)``) that names the problem and the
/// fix, in one sentence without the `deeplink: error:` prefix, and a documented ``exitCode``.
/// The tool that reports the failure is a parameter: a message that names the tool (`run
/// 'shop help'`) names the one that runs.
protocol CommandFailure: Error {
  /// What the tool exits with (``ExitCode``).
  var exitCode: ExitCode { get }
  /// The machine-readable name of the failure, for `--json` errors: the wire's kind when the
  /// app answered with an error (``ErrorKind``), else the tool's own (``FailureKind``).
  var kind: String { get }
  /// One line, or lines where a tool's own words follow, as `tool` says it.
  func message(for tool: ToolIdentity) -> String
  /// A second line pointing at help or the fix, as `tool` says it, if there is one; by default
  /// none.
  func hint(for tool: ToolIdentity) -> String?
  /// The batch line the failure belongs to, if any; by default none.
  var line: Int? { get }
}

extension CommandFailure {
  func hint(for tool: ToolIdentity) -> String? { nil }
  var line: Int? { nil }
}

extension Error {
  /// This error as a command's failure: itself when a feature declared it, else (a bug: every
  /// failure a command throws conforms) an internal error that names it.
  var commandFailure: any CommandFailure {
    self as? any CommandFailure ?? UndeclaredFailure(error: self)
  }
}

/// An error thrown by a command that no feature declared as a ``CommandFailure``: reported as
/// an internal error, exit 70, rather than lost.
private struct UndeclaredFailure: CommandFailure {
  let error: any Error
  var exitCode: ExitCode { .internalError }
  var kind: String { FailureKind.system.rawValue }
  func message(for tool: ToolIdentity) -> String { "unexpected failure: \(error)" }
}
