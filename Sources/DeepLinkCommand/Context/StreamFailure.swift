import DeepLinkWire

/// Why a command's own standard streams failed it: a result that could not be written, a
/// reader that went away, input that could not be read.
enum StreamFailure: CommandFailure, Equatable {
  /// A result could not be written to standard output (a full disk): the run did not do all
  /// it was asked, so it must not exit 0.
  case output(Errno)
  /// Standard input could not be read (`deeplink mcp`; a closed descriptor, say).
  case input(Errno)
  /// Standard output's reader went away (`EPIPE`: `deeplink routes | head -1`): the command
  /// stops at once, silently, like a filter killed by `SIGPIPE` (exit 141).
  case closedOutput

  var exitCode: ExitCode {
    switch self {
    case .output: .internalError
    case .input: .usage
    case .closedOutput: .closedOutput
    }
  }

  var kind: String {
    switch self {
    case .output: FailureKind.output.rawValue
    case .input: FailureKind.input.rawValue
    case .closedOutput: FailureKind.closedOutput.rawValue
    }
  }

  var message: String {
    switch self {
    case .output(let errno): "cannot write the result to standard output: \(errno)"
    case .input(let errno): "cannot read standard input: \(errno)"
    case .closedOutput: "standard output was closed by its reader"
    }
  }

  func message(for tool: ToolIdentity) -> String { message }
}
