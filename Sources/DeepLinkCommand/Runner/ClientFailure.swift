import DeepLinkWire

/// Why a command that talks to the app did not succeed, with the exit code it ends with.
enum ClientFailure: Error {
  /// Connecting, sending or reading failed. A time-out here happened while connecting: nothing
  /// was sent (once a request is sent, a time-out is ``unanswered(_:path:)``).
  case socket(SocketError)
  /// `deeplink wait`: no app listened on `path` within `seconds`. Nothing was sent.
  case noAppCame(path: String, seconds: Double)
  /// A request of `operation` was sent and its reply did not come in time.
  case unanswered(Operation, path: String)
  /// The app answered a request of `operation` with an error (`kind` from the wire, such as
  /// `unknown-route`; a string, as a newer app may send a kind this CLI does not know).
  case rejected(Operation, kind: String, message: String)
  /// The app's reply is not what the protocol promises.
  case badReply(String)
  /// The link's request would be longer than the app accepts; found before sending.
  case linkTooLong(bytes: Int, limit: Int)
  /// A step of `deeplink batch` failed (`line` is `nil` when the file itself is at fault).
  indirect case batch(line: Int?, ExitCode, String)
  /// A result could not be written to standard output (a full disk): the run did not do all
  /// it was asked, so it must not exit 0.
  case output(Errno)
  /// Standard input could not be read (`deeplink mcp`; a closed descriptor, say).
  case input(Errno)
  /// `wait`: an app accepts connections but did not answer a ping (stopped or hung).
  case silentApp(path: String, seconds: Double)
  /// A simulator or Android target failed (see ``DeviceFailure``).
  case device(DeviceFailure)

  var exitCode: ExitCode {
    switch self {
    case .socket(let error):
      switch error {
      case .noListener, .permissionDenied, .connectionClosed: .unavailable
      case .timedOut: .timedOut
      case .invalidPath: .usage
      case .lineTooLong, .system: .internalError
      }
    case .rejected(_, let kind, _):
      switch ErrorKind(rawValue: kind) {
      case .expired: .timedOut
      case .lineTooLong: .usage
      // The app's peer check: the cause of EACCES at connect, so the same code.
      case .permissionDenied: .unavailable
      default: .rejected
      }
    case .noAppCame, .unanswered, .silentApp: .timedOut
    case .output: .internalError
    case .input: .usage
    case .badReply: .internalError
    case .linkTooLong: .usage
    case .batch(_, let code, _): code
    case .device(let failure): failure.exitCode
    }
  }

  var message: String {
    switch self {
    case .socket(.timedOut(let path)):
      "the app on \(path) did not accept the connection in time; nothing was sent (raise "
        + "--timeout if the app is just slow)"
    case .socket(.connectionClosed(let path)):
      "the app on \(path) closed the connection before answering; it may have crashed or "
        + "stopped — check its log, then retry"
    case .socket(let error): error.message
    case .noAppCame(let path, let seconds):
      "no app started listening on \(path) within \(GlobalOption.formatted(seconds)) s; start one "
        + "with `deeplink-app --socket \(ShellQuoting.quote(path)) &`"
    case .unanswered(.open, let path):
      "the app on \(path) did not acknowledge the link in time; the link carried its deadline and "
        + "the app drops links it reads after it, so it will not be applied late (raise --timeout "
        + "if the app is just slow)"
    case .unanswered(let operation, let path):
      "the app on \(path) did not answer the \(operation.rawValue) request in time (raise "
        + "--timeout if the app is just slow)"
    case .rejected(_, ErrorKind.permissionDenied.rawValue, let message):
      "the app refused the connection: \(message)"
    case .rejected(.open, _, let message): "the app rejected the link: \(message)"
    case .rejected(_, _, let message): "the app rejected the request: \(message)"
    case .badReply(let reason): "unexpected reply from the app: \(reason)"
    case .linkTooLong(let bytes, let limit):
      "the link is too long: its request is \(bytes) bytes, the app accepts at most \(limit)"
    case .batch(let line, _, let message): line.map { "line \($0): \(message)" } ?? message
    case .output(let errno): "cannot write the result to standard output: \(errno)"
    case .input(let errno): "cannot read standard input: \(errno)"
    case .silentApp(let path, let seconds):
      "an app accepts connections on \(path) but did not answer within "
        + "\(GlobalOption.formatted(seconds)) s; is it stopped (SIGSTOP) or hung?"
    case .device(let failure): failure.message
    }
  }
}
