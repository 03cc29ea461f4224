import DeepLinkRoutes
import DeepLinkWire

/// `NAME [--socket PATH]` (`deeplink-app` for the sample): an app's handler behind the agent,
/// serving its socket in the foreground until SIGINT, SIGTERM or SIGHUP, logging one line per
/// applied or expired link to stderr (or to `--log FILE`, or nowhere with `--quiet`).
struct AppDaemon<Handler: LinkHandler> {
  /// The program's name, at the start of each log line and message.
  let name: String
  let table: RouteTable
  /// What the program is, before "Runs in the foreground" in its usage.
  let about: String
  /// The bundle id the app gave in code, if any; `--bundle-id` replaces it.
  var bundleID: String? = nil
  let handler: Handler

  var usage: String {
    """
    usage: \(name) [--socket PATH] [--bundle-id ID] [--log FILE | --quiet]

    \(about)Runs in the foreground; stop it with Ctrl-C, SIGTERM or SIGHUP.

    options:
      --socket PATH  where to listen (default: \(SocketPath.searchOrder.replacing(", else ", with: ",\n                 else ", maxReplacements: 1)))
      --bundle-id ID the app's bundle identifier (\(BundleIdentifier.rule));
                     on the iOS Simulator (\(SimulatorSocket.udidVariable.name) set), without --socket
                     or \(SocketPath.socketVariable.name), the socket is then
                     /tmp/deeplink-<uid>/<hash>.sock, where 'deeplink --target simulator
                     --bundle-id ID' finds it
      --log FILE     append the log to FILE (created 0600) instead of stderr
      --quiet        no log at all; errors still go to stderr
      -h, --help     show this help
      --version      print the version and the route table's

    The log has a line when the app listens and stops, one per applied link and one per
    link dropped because its deadline had passed. It never holds a client up: lines its
    reader is too slow for wait in a buffer, and past 1 MiB are dropped and counted in an
    "N log lines dropped" line. URLs longer than 200 bytes are cut to their start.

    exit codes: 0 stopped by a signal; 64 usage error; 69 cannot listen (socket in use,
    unsafe directory, path too long); 70 internal error; 73 cannot open the --log file.

    """
  }

  /// Runs the daemon with `arguments` (without the program name); returns the exit code.
  func main(arguments: [String]) -> Int32 {
    StandardDescriptors.openMissing()
    var socket = PathOption("--socket", noun: "socket path")
    var logOption = PathOption("--log", noun: "file path")
    var bundleOption = PathOption("--bundle-id", noun: "bundle identifier")
    var quiet = false
    var index = 0
    while index < arguments.count {
      do throws(PathOptionError) {
        if try socket.take(arguments, at: &index) { continue }
        if try logOption.take(arguments, at: &index) { continue }
        if try bundleOption.take(arguments, at: &index) { continue }
      } catch {
        return usageError(error.message)
      }
      let argument = arguments[index]
      index += 1
      switch argument {
      case "-h", "--help":
        StreamWriter.write(usage, to: 1)
        return 0
      case "--version":
        StreamWriter.write(
          "\(name) \(PackageVersion.number) (route table \(table.version))\n", to: 1)
        return 0
      case "--quiet":
        quiet = true
      default:
        return usageError("unexpected argument '\(ControlCharacters.escaped(argument))'")
      }
    }
    let bundleID = bundleOption.value ?? self.bundleID
    if let bundleID {
      do throws(BundleIdentifierError) {
        try BundleIdentifier.validate(bundleID)
      } catch {
        return usageError("--bundle-id: " + error.message)
      }
    }
    let logFile = logOption.value
    if quiet, logFile != nil { return usageError("--quiet and --log contradict each other; give one") }
    var descriptor: Int32 = 2
    if let logFile {
      do {
        descriptor = try LogWriter.openAppending(logFile)
      } catch {
        printError("cannot open the log file \(logFile): \(error)")
        return 73
      }
    }
    let log: LogWriter?
    do {
      log = quiet ? nil : try LogWriter(descriptor: descriptor, prefix: logPrefix)
    } catch {
      printError("cannot start the log's thread: \(error)")
      return 70
    }
    let path = SimulatorSocket.agentPath(
      explicit: socket.value, bundleID: bundleID, environmentValue: FileSystem.environmentValue)
    let status = serve(path: path, identity: AgentIdentity(bundleID: bundleID), log: log)
    log?.finish()
    return status
  }

  /// Serves `path` until a stop signal, logging to `log` (nothing when `nil`). Failing to
  /// start is 69 (nothing listens); failing after the socket listened is 70.
  func serve(path: String, identity: AgentIdentity, log writer: LogWriter?) -> Int32 {
    let version = table.version
    var options = LineServer.Options()
    options.rejectionReply = { rejection in
      ErrorReply.line(kind: rejection.kind, message: rejection.message, version: version)
    }
    let server = LineServer(path: path, options: options)
    var handler = RequestHandler(
      handler: self.handler, table: table, logPrefix: logPrefix, now: { Int(Clocks.epochMilliseconds) })
    handler.identity = identity
    var logLines = LogBuffer(writer: writer)
    func log(_ message: String, last: Bool = false) {
      writer?.append("\(logPrefix)\(message)\n", force: last)
    }
    let mode = BuildConfiguration.debugLinksEnabled ? "debug links on" : "release build: debug links off"
    var listening = false
    let removed: Bool
    do {
      removed = try server.run(
        onListening: {
          listening = true
          log("listening on \(path)\(identity.logSuffix) (route table \(version), \(mode))")
        },
        beforeSending: { logLines.writeBeforeReplies() },
        afterSending: { logLines.handOverAfterReplies() }
      ) { line, reply in
        handler.reply(to: line, into: &reply, log: &logLines.bytes)
      }
    } catch {
      printError(error.message, after: writer)
      return listening ? 70 : 69
    }
    log(
      removed ? "stopped; removed \(path)" : "stopped; left \(path), which is no longer this app's socket",
      last: true)
    return 0
  }

  func usageError(_ message: String) -> Int32 {
    printError("\(message)\nRun '\(name) --help' for usage.")
    return 64
  }

  /// Writes `name: error: message` to stderr, whose reader may be gone: that costs the line,
  /// not the exit status (no SIGPIPE). With the log on stderr the line goes through `log`,
  /// after the log lines before it, and a full pipe cannot keep the program from exiting.
  func printError(_ message: String, after log: LogWriter? = nil) {
    let line = "\(name): error: \(message)\n"
    if let log, log.descriptor == 2 {
      log.append(line, force: true)
    } else {
      StreamWriter.writeWithoutBrokenPipeSignal(line, to: 2)
    }
  }

  var logPrefix: String { "\(name): " }
}
