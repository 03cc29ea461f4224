import DeepLinkWire

/// Why the app client (``AppClient``) did not get its answer from the app: no app, no answer
/// in time, a rejection or a reply out of protocol, with the exit code it ends with.
enum ClientFailure: CommandFailure {
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
  /// `wait`: an app accepts connections but did not answer a ping (stopped or hung).
  case silentApp(path: String, seconds: Double)
  /// `wait --pid`: the app's process has exited before it listened; `status` is what it
  /// exited with, when that could still be read (see ``ProcessProbe``).
  case appExited(pid: Int32, status: ProcessProbe.ExitStatus?)
  /// The app on `path` refused the link as built from another route table than its own
  /// (`stale-table`) and served `served`, its table, checked: nothing was applied. The command
  /// line is parsed again against `served` and the link sent again, once; reported only when
  /// the app refuses the second one too (it changed its table again meanwhile).
  case tableChanged(served: RoutesFileContents, path: String)
  /// The table the app served after refusing a link as stale is refused (too large, not JSON,
  /// a fingerprint that is not its `version`, or the very table the link was built from).
  case badTable(AppTableError)

  /// The app's message when it refused a link as built from another table (`stale-table`).
  var staleTableRefusal: String? {
    guard case .rejected(.open, let kind, let message) = self, kind == ErrorKind.staleTable.rawValue else {
      return nil
    }
    return message
  }

  /// Whether this is ``tableChanged(served:path:)``: a link to build again, not yet a failure.
  var isTableChange: Bool {
    if case .tableChanged = self { true } else { false }
  }

  var exitCode: ExitCode {
    switch self {
    case .socket(let error):
      switch error {
      case .noListener, .permissionDenied, .connectionClosed, .notASocket: .unavailable
      case .timedOut: .timedOut
      case .invalidPath: .usage
      case .lineTooLong, .system, .gaveUp: .internalError
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
    case .badReply: .internalError
    case .linkTooLong: .usage
    case .appExited: .unavailable
    case .tableChanged: .rejected
    case .badTable(let error): error.exitCode
    }
  }

  var kind: String {
    switch self {
    case .socket(let error):
      switch error {
      case .noListener: FailureKind.noApp.rawValue
      case .notASocket: FailureKind.notASocket.rawValue
      case .permissionDenied: ErrorKind.permissionDenied.rawValue
      case .connectionClosed: FailureKind.connectionClosed.rawValue
      case .timedOut: FailureKind.timeout.rawValue
      case .invalidPath: FailureKind.usage.rawValue
      case .lineTooLong: FailureKind.badReply.rawValue
      case .system, .gaveUp: FailureKind.system.rawValue
      }
    case .noAppCame, .unanswered, .silentApp: FailureKind.timeout.rawValue
    case .rejected(_, let kind, _): kind
    case .badReply: FailureKind.badReply.rawValue
    case .linkTooLong: FailureKind.usage.rawValue
    case .appExited: FailureKind.appExited.rawValue
    case .tableChanged: ErrorKind.staleTable.rawValue
    case .badTable(let error):
      if case .socket(let socketError) = error.problem {
        ClientFailure.socket(socketError).kind
      } else {
        FailureKind.badTable.rawValue
      }
    }
  }

  func message(for tool: ToolIdentity) -> String {
    switch self {
    case .socket(.timedOut(let path)):
      "the app on \(path) did not accept the connection in time; nothing was sent (raise "
        + "--timeout if the app is just slow)"
    case .socket(.connectionClosed(let path)):
      "the app on \(path) closed the connection before answering; it may have crashed or "
        + "stopped — check its log, then retry"
    case .socket(.noListener(let path)):
      "\(SocketError.noListener(path: path).message); \(tool.startHint(socket: path)), then "
        + "`\(tool.name) wait`"
    case .socket(let error): error.message
    case .noAppCame(let path, let seconds):
      "no app started listening on \(path) within \(GlobalOption.formatted(seconds)) s; "
        + tool.startHint(socket: path)
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
    case .appExited(let pid, let status?):
      "the app (process \(pid)) exited \(status) before it listened; its log says why"
    case .appExited(let pid, nil):
      "the app (process \(pid)) has exited before it listened; its log says why (`wait "
        + "\(pid)` in the shell that started it gives its exit status)"
    case .tableChanged(let served, let path):
      "the app on \(path) changed its route table twice while the link was built (it now serves "
        + "\(served.table.version)); nothing was applied: run the command again"
    case .badTable(let error): error.message
    case .silentApp(let path, let seconds):
      "an app accepts connections on \(path) but did not answer within "
        + "\(GlobalOption.formatted(seconds)) s; is it stopped (SIGSTOP) or hung?"
    }
  }
}
