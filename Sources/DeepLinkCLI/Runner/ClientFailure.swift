import DeepLinkWire

/// Why a command that talks to the app did not succeed, with the exit code it ends with.
enum ClientFailure: Error {
  /// Connecting, sending or reading failed.
  case socket(SocketError)
  /// `deeplink wait`: no app listened on `path` within `seconds`. Nothing was sent.
  case noAppCame(path: String, seconds: Double)
  /// The app answered with an error (`kind` from the wire, such as `unknown-route`).
  case rejected(kind: String, message: String)
  /// The app's reply is not what the protocol promises.
  case badReply(String)
  /// The link's request would be longer than the app accepts; found before sending.
  case linkTooLong(bytes: Int, limit: Int)
  /// A step of `deeplink batch` failed (`line` is `nil` when the file itself is at fault).
  indirect case batch(line: Int?, ExitCode, String)

  var exitCode: ExitCode {
    switch self {
    case .socket(let error):
      switch error {
      case .noListener, .permissionDenied, .connectionClosed: .unavailable
      case .timedOut: .timedOut
      case .invalidPath: .usage
      case .lineTooLong, .system: .internalError
      }
    case .rejected(let kind, _):
      switch ErrorKind(rawValue: kind) {
      case .expired: .timedOut
      case .lineTooLong: .usage
      default: .rejected
      }
    case .noAppCame: .timedOut
    case .badReply: .internalError
    case .linkTooLong: .usage
    case .batch(_, let code, _): code
    }
  }

  var message: String {
    switch self {
    case .socket(.timedOut(let path)):
      "the app on \(path) did not answer in time; the request carried its deadline, so the app "
        + "will not apply it late (raise --timeout if the app is just slow)"
    case .socket(.connectionClosed(let path)):
      "the app on \(path) closed the connection before answering; it may have crashed or "
        + "stopped — check its log, then retry"
    case .socket(let error): error.message
    case .noAppCame(let path, let seconds):
      "no app started listening on \(path) within \(GlobalOption.formatted(seconds)) s; start one "
        + "with `deeplink-app --socket \(ShellQuoting.quote(path)) &`"
    case .rejected(_, let message): "the app rejected the link: \(message)"
    case .badReply(let reason): "unexpected reply from the app: \(reason)"
    case .linkTooLong(let bytes, let limit):
      "the link is too long: its request is \(bytes) bytes, the app accepts at most \(limit)"
    case .batch(let line, _, let message): line.map { "line \($0): \(message)" } ?? message
    }
  }
}
