/// Why `check-release` failed (``ReleaseCheckReport/failure``): the input could not be read
/// (exit 66), or the build registers or links what it must not, or misses what it must (exit 1).
struct ReleaseCheckFailure: CommandFailure {
  let exitCode: ExitCode
  /// `unreadable`, `registered`, `agent-linked` or `not-registered` (``FailureKind``).
  let kind: String
  let message: String
  let hint: String?

  func message(for tool: ToolIdentity) -> String { message }
  func hint(for tool: ToolIdentity) -> String? { hint }
}
