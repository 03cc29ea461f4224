import DeepLinkRoutes
import DeepLinkWire

/// `NAME [--socket PATH]` (`deeplink-app` for the sample): an app's handler behind the agent,
/// serving its socket in the foreground until SIGINT, SIGTERM or SIGHUP, logging one line per
/// applied link to stderr.
struct AppDaemon<Handler: LinkHandler> {
  /// The program's name, at the start of each log line and message.
  let name: String
  let table: RouteTable
  /// What the program is, before "Runs in the foreground" in its usage.
  let about: String
  let handler: Handler

  var usage: String {
    """
    usage: \(name) [--socket PATH]

    \(about)Runs in the foreground; stop it with Ctrl-C, SIGTERM or SIGHUP.

    options:
      --socket PATH  where to listen (default: \(SocketPath.searchOrder.replacing(", else ", with: ",\n                 else ", maxReplacements: 1)))
      -h, --help     show this help
      --version      print the version and the route table's

    exit codes: 0 stopped by a signal; 64 usage error; 69 cannot listen (socket in use,
    unsafe directory, path too long); 70 internal error.

    """
  }

  /// Runs the daemon with `arguments` (without the program name); returns the exit code.
  func main(arguments: [String]) -> Int32 {
    StandardDescriptors.openMissing()
    var socket: String?
    var index = 0
    while index < arguments.count {
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
      case "--socket":
        guard index < arguments.count else { return usageError("--socket needs a path") }
        guard socket == nil else { return usageError("--socket is given twice; give it once") }
        socket = arguments[index]
        index += 1
      case _ where argument.utf8.starts(with: "--socket=".utf8):
        // Bytes, not `Character`s: `=` followed by a combining mark is one `Character`.
        guard socket == nil else { return usageError("--socket is given twice; give it once") }
        socket = String(decoding: argument.utf8.dropFirst("--socket=".utf8.count), as: UTF8.self)
      default:
        return usageError("unexpected argument '\(argument)'")
      }
    }
    if socket?.isEmpty == true { return usageError("--socket expects a socket path, got ''") }
    return serve(path: SocketPath.resolve(explicit: socket))
  }

  /// Serves `path` until a stop signal. Failing to start is 69 (nothing listens); failing
  /// after the socket listened is 70.
  func serve(path: String) -> Int32 {
    let version = table.version
    var options = LineServer.Options()
    options.rejectionReply = { rejection in
      ErrorReply.line(kind: rejection.kind, message: rejection.message, version: version)
    }
    let server = LineServer(path: path, options: options)
    var handler = RequestHandler(
      handler: self.handler, table: table, logPrefix: logPrefix, now: { Int(Clocks.epochMilliseconds) })
    var logLines = LogBuffer()
    let mode = BuildConfiguration.debugLinksEnabled ? "debug links on" : "release build: debug links off"
    var listening = false
    let removed: Bool
    do {
      removed = try server.run(
        onListening: {
          listening = true
          log("listening on \(path) (route table \(version), \(mode))")
        },
        beforeSending: { logLines.flush() }
      ) { line, reply in
        handler.reply(to: line, into: &reply, log: &logLines.bytes)
      }
    } catch {
      StreamWriter.write("\(name): error: \(error.message)\n", to: 2)
      return listening ? 70 : 69
    }
    log(removed ? "stopped; removed \(path)" : "stopped; left \(path), which is no longer this app's socket")
    return 0
  }

  func usageError(_ message: String) -> Int32 {
    StreamWriter.write("\(name): error: \(message)\nRun '\(name) --help' for usage.\n", to: 2)
    return 64
  }

  var logPrefix: String { "\(name): " }

  func log(_ message: String) {
    StreamWriter.write("\(logPrefix)\(message)\n", to: 2)
  }
}
