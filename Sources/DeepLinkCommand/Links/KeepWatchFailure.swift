/// `--keep`: the app's socket cannot be watched for its comebacks (exit 69).
struct KeepWatchFailure: CommandFailure {
  /// Why, naming the path.
  let reason: String

  var exitCode: ExitCode { .unavailable }
  var kind: String { FailureKind.system.rawValue }
  var message: String { "--keep cannot watch for the app's comebacks: \(reason)" }

  func message(for tool: ToolIdentity) -> String { message }
}
