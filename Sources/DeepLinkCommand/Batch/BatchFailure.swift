/// A step of `deeplink batch` (or of a tour's scenario) that failed, with the number of its
/// line, or the file itself (`line` is `nil`); the exit code and kind are those of what failed.
struct BatchFailure: CommandFailure {
  let line: Int?
  let kind: String
  let exitCode: ExitCode
  /// What failed, without the line number.
  let reason: String

  /// `line 3: <reason>`, or the reason alone for the file.
  var message: String { line.map { "line \($0): \(reason)" } ?? reason }

  func message(for tool: ToolIdentity) -> String { message }

  /// The failure of the step on `line`, as `tool` would report it alone.
  init(line: Int?, _ failure: any CommandFailure, tool: ToolIdentity) {
    self.init(line: line, kind: failure.kind, exitCode: failure.exitCode, reason: failure.message(for: tool))
  }

  /// A usage error on `line` (or in the file, for `nil`): one that cannot be read, or a line
  /// that does not parse.
  init(line: Int?, usage reason: String) {
    self.init(line: line, kind: FailureKind.usage.rawValue, exitCode: .usage, reason: reason)
  }

  init(line: Int?, kind: String, exitCode: ExitCode, reason: String) {
    self.line = line
    self.kind = kind
    self.exitCode = exitCode
    self.reason = reason
  }
}
