/// Why a tool call did not succeed: answered as a tool result with `isError: true` and the
/// message `deeplink` prints for the same failure, so that an agent can correct itself.
enum McpToolCallError: Error {
  /// The arguments do not make a link (as a command line's options would not).
  case usage(UsageError)
  /// An argument that no option can take (an array, an object).
  case arguments(McpToolArguments.Failure)
  /// What the command line would report: the app is not there, did not answer in time or
  /// rejected the link, a device failed, standard output could not be written.
  case failure(any CommandFailure)

  /// The message as `tool` says it, without the `deeplink: error: ` prefix.
  func message(for tool: ToolIdentity) -> String {
    switch self {
    case .usage(let error): error.message(for: tool)
    case .arguments(let error): error.message
    case .failure(let failure): failure.message(for: tool)
    }
  }
}
