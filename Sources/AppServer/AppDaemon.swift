import AppModel
import DeepLinkRoutes
import DeepLinkWire

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `deeplink-app [--socket PATH]`: the headless app model, serving its socket in the
/// foreground until SIGINT or SIGTERM, logging one line per applied link to stderr.
public enum AppDaemon {
  static let usage = """
    usage: deeplink-app [--socket PATH]

    Runs the headless recipe app and applies the debug links that `deeplink` sends it over a
    Unix domain socket. Runs in the foreground; stop it with Ctrl-C or SIGTERM.

    options:
      --socket PATH  where to listen (default: $DEEPLINK_SOCKET, else
                     $XDG_RUNTIME_DIR/deeplink/app.sock, else /tmp/deeplink-<uid>/app.sock)
      -h, --help     show this help
      --version      print the version and the route table's

    exit codes: 0 stopped by a signal; 64 usage error; 69 cannot listen (socket in use,
    unsafe directory, path too long); 70 internal error.

    """

  /// Runs the daemon with `arguments` (without the program name); returns the exit code.
  public static func main(arguments: [String]) -> Int32 {
    var socket: String?
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "-h", "--help":
        emit(usage, to: 1)
        return 0
      case "--version":
        emit("deeplink-app (route table \(RouteTable.builtIn.version))\n", to: 1)
        return 0
      case "--socket":
        guard index + 1 < arguments.count else { return usageError("--socket needs a path") }
        socket = arguments[index + 1]
        index += 1
      default:
        if argument.hasPrefix("--socket=") {
          socket = String(argument.dropFirst("--socket=".count))
        } else {
          return usageError("unexpected argument '\(argument)'")
        }
      }
      index += 1
    }
    let path = SocketPath.resolve(explicit: socket)
    return serve(path: path)
  }

  static func serve(path: String) -> Int32 {
    let version = RouteTable.builtIn.version
    var options = LineServer.Options()
    options.rejectionReply = { rejection in
      RequestHandler.errorReply(kind: rejection.kind, message: rejection.message, version: version)
    }
    let server = LineServer(path: path, options: options)
    var handler = RequestHandler(now: { Int(Clocks.epochMilliseconds) })
    let mode = BuildConfiguration.debugLinksEnabled ? "debug links on" : "release build: debug links off"
    log("listening on \(path) (route table \(version), \(mode))")
    do {
      try server.run { line in
        let (reply, entry) = handler.handle(line)
        if let entry { log(entry) }
        return reply
      }
    } catch {
      emit("deeplink-app: error: \(error.message)\n", to: 2)
      switch error {
      case .system: return 70
      default: return 69
      }
    }
    log("stopped; removed \(path)")
    return 0
  }

  static func usageError(_ message: String) -> Int32 {
    emit("deeplink-app: error: \(message)\nRun 'deeplink-app --help' for usage.\n", to: 2)
    return 64
  }

  static func log(_ message: String) {
    emit("deeplink-app: \(message)\n", to: 2)
  }

  static func emit(_ text: String, to fd: Int32) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += count
      }
    }
  }
}
