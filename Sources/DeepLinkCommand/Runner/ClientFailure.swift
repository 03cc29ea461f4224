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
  /// A step of `deeplink batch` failed (`line` is `nil` when the file itself is at fault),
  /// with the ``kind`` of what failed.
  indirect case batch(line: Int?, kind: String, ExitCode, String)
  /// A result could not be written to standard output (a full disk): the run did not do all
  /// it was asked, so it must not exit 0.
  case output(Errno)
  /// Standard input could not be read (`deeplink mcp`; a closed descriptor, say).
  case input(Errno)
  /// Standard output's reader went away (`EPIPE`: `deeplink routes | head -1`): the command
  /// stops at once, silently, like a filter killed by `SIGPIPE` (exit 141).
  case closedOutput
  /// `wait`: an app accepts connections but did not answer a ping (stopped or hung).
  case silentApp(path: String, seconds: Double)
  /// A simulator or Android target failed (see ``DeviceFailure``).
  case device(DeviceFailure)
  /// `wait --pid`: the app's process has exited before it listened; `status` is what it
  /// exited with, when that could still be read (see ``ProcessProbe``).
  case appExited(pid: Int32, status: ProcessProbe.ExitStatus?)
  /// A usage error found by a command after parsing (`url` of a link too long to send).
  case usage(String, hint: String?)
  /// `check-release` failed (``ReleaseCheckReport/failure``): exit 1 or 66.
  case releaseCheck(ExitCode, kind: String, message: String, hint: String?)
  /// `tour --check`: the recording cannot be read (why, naming the file).
  case unreadableRecording(String)
  /// `tour --check`: the tour differs from the recording (a summary; each difference was
  /// reported before).
  case differences(String)
  /// `tour`: a file of the tour could not be written.
  case tourFile(String, Errno)
  /// `--keep`: the app's socket cannot be watched for its comebacks (why, naming the path).
  case cannotWatch(String)

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
    case .output: .internalError
    case .input: .usage
    case .closedOutput: .closedOutput
    case .badReply: .internalError
    case .linkTooLong, .usage: .usage
    case .appExited: .unavailable
    case .batch(_, _, let code, _): code
    case .device(let failure): failure.exitCode
    case .releaseCheck(let code, _, _, _): code
    case .unreadableRecording: .unreadable
    case .differences: .checkFailed
    case .tourFile: .internalError
    case .cannotWatch: .unavailable
    }
  }

  /// The machine-readable name of the failure, for `--json` errors: the wire's kind when the
  /// app answered with an error (``ErrorKind``), else the CLI's own (``FailureKind``).
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
    case .linkTooLong, .usage: FailureKind.usage.rawValue
    case .batch(_, let kind, _, _): kind
    case .output: FailureKind.output.rawValue
    case .closedOutput: FailureKind.closedOutput.rawValue
    case .input: FailureKind.input.rawValue
    case .appExited: FailureKind.appExited.rawValue
    case .device(let failure):
      failure.exitCode == .usage ? FailureKind.usage.rawValue : FailureKind.device.rawValue
    case .releaseCheck(_, let kind, _, _): kind
    case .unreadableRecording: FailureKind.unreadableRecording.rawValue
    case .differences: FailureKind.differences.rawValue
    case .tourFile, .cannotWatch: FailureKind.system.rawValue
    }
  }

  /// The batch line a failure belongs to, if any.
  var line: Int? {
    if case .batch(let line?, _, _, _) = self { return line }
    return nil
  }

  /// A second line pointing at help, if there is one.
  var hint: String? {
    switch self {
    case .usage(_, let hint): return hint
    case .releaseCheck(_, _, _, let hint): return hint
    case .unreadableRecording:
      return
        "A recording is what '\(ToolName.current) tour --out DIR' wrote; record one again if this one was damaged."
    default: return nil
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
    case .socket(.noListener(let path)):
      "\(SocketError.noListener(path: path).message); \(ToolName.startHint(socket: path)), then "
        + "`\(ToolName.current) wait`"
    case .socket(let error): error.message
    case .noAppCame(let path, let seconds):
      "no app started listening on \(path) within \(GlobalOption.formatted(seconds)) s; "
        + ToolName.startHint(socket: path)
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
    case .batch(let line, _, _, let message): line.map { "line \($0): \(message)" } ?? message
    case .output(let errno): "cannot write the result to standard output: \(errno)"
    case .input(let errno): "cannot read standard input: \(errno)"
    case .closedOutput: "standard output was closed by its reader"
    case .usage(let message, _): message
    case .appExited(let pid, let status?):
      "the app (process \(pid)) exited \(status) before it listened; its log says why"
    case .appExited(let pid, nil):
      "the app (process \(pid)) has exited before it listened; its log says why (`wait "
        + "\(pid)` in the shell that started it gives its exit status)"
    case .silentApp(let path, let seconds):
      "an app accepts connections on \(path) but did not answer within "
        + "\(GlobalOption.formatted(seconds)) s; is it stopped (SIGSTOP) or hung?"
    case .device(let failure): failure.message
    case .releaseCheck(_, _, let message, _): message
    case .unreadableRecording(let reason): reason
    case .differences(let summary): summary
    case .tourFile(let path, let errno): "cannot write \(path): \(errno)"
    case .cannotWatch(let reason): "--keep cannot watch for the app's comebacks: \(reason)"
    }
  }
}
