public import DeepLinkRoutes
import DeepLinkWire

/// Serves the `deeplink` wire protocol from inside an app: listens on the Unix-domain socket,
/// checks each link against the route table, hands the app's ``LinkHandler`` a typed `Link`,
/// and replies only once the handler applied it, with the state the app reports.
///
/// A link the table rejects never reaches the handler; a handler can refuse a link with a
/// ``LinkRefusal`` (`deeplink` prints the reason and exits 65). The socket's guarantees are
/// those of `deeplink-app`: the path from `--socket`, else `$DEEPLINK_SOCKET`, else, on the iOS
/// Simulator (`SIMULATOR_UDID` set) for an app that gave its ``bundleID``,
/// `/tmp/deeplink-<uid>/<hash of UDID and bundle id>.sock` (`SimulatorSocket`, where
/// `deeplink --target simulator --bundle-id ID` finds it), else
/// `$XDG_RUNTIME_DIR/deeplink/app.sock`, else `/tmp/deeplink-<uid>/app.sock`; the directory
/// 0700 and the socket 0600; clients of another user refused; one server per path (a lock,
/// stale sockets taken over); request deadlines, line and connection limits; one line at a
/// time, each applied completely before the next is read.
///
/// A command-line process (Linux or macOS), as `deeplink-app` is:
///
///     exit(DeepLinkAgent(name: "shop-app", table: .shop).main(handler: ShopModel()))
///
/// Inside an app whose state lives on the main actor (a SwiftUI app), in debug builds, giving
/// the app's bundle id so that its agent on a simulator has a socket of its own:
///
///     #if DEBUG
///       try DeepLinkAgent(name: "shop", table: .shop, bundleID: Bundle.main.bundleIdentifier).start(
///         apply: { link throws(LinkRefusal) in try model.open(link) },
///         state: { model.agentState })
///     #endif
///
/// Debug links exist only in debug builds (`DEBUG`) or with `-DDEEPLINK_DEBUG_LINKS`: in any
/// other build the agent answers every link with `debug-links-disabled`.
public struct DeepLinkAgent: Sendable {
  /// The program's name: the start of every log line and message (`shop-app: applied …`).
  public let name: String
  /// The links the agent accepts.
  public let table: RouteTable
  /// One or two sentences of what the program is, for its `--help`; may be empty.
  public let about: String
  /// The app's bundle identifier (`Bundle.main.bundleIdentifier`), if it has one: on the iOS
  /// Simulator it names the agent's socket, and `ping` reports it. `main` also takes it as
  /// `--bundle-id ID`.
  public let bundleID: String?

  /// An agent called `name` for `table`; `about` starts its `--help` (end it with a space or
  /// a newline); `bundleID` is the app's bundle identifier, if it has one.
  public init(name: String, table: RouteTable, about: String = "", bundleID: String? = nil) {
    self.name = name
    self.table = table
    self.about = about
    self.bundleID = bundleID
  }

  /// Runs as a program: parses `--socket PATH`, `--bundle-id ID`, `--log FILE`, `--quiet`, `--help` and
  /// `--version` from `arguments` (without the program name), then serves in the foreground
  /// until SIGINT, SIGTERM or SIGHUP, calling `handler` on this thread and logging one line
  /// per applied or expired link to stderr (or `--log FILE`, or nowhere with `--quiet`): a file
  /// or `/dev/null` at once, a pipe or a terminal from a thread of its own so that a slow log
  /// reader never holds a client up.
  ///
  /// - Returns: the exit code: 0 stopped by a signal, 64 usage error (a bundle id that is not
  ///   one among them), 69 cannot listen
  ///   (socket in use, unsafe directory, path too long), 70 internal error, 73 cannot open
  ///   the `--log` file.
  public func main<Handler: LinkHandler>(
    arguments: [String] = Array(CommandLine.arguments.dropFirst()), handler: Handler
  ) -> Int32 {
    Self.keepReleaseMarker()
    return AppDaemon(name: name, table: table, about: about, bundleID: bundleID, handler: handler).main(
      arguments: arguments)
  }

  /// Starts serving on a thread of its own and returns at once, for an app whose state lives
  /// on the main actor. Each link the table accepts is passed to `apply` on the main actor;
  /// the reply waits until `apply` returned, then carries what `state` reports. Signals are
  /// left to the app.
  ///
  /// `apply` may be `async`: the reply is sent once it returns, so an app can acknowledge a
  /// link after its own transition has ended, and a screenshot taken at the acknowledgement
  /// shows the final screen. The main actor is free while `apply` awaits; the agent reads no
  /// other request meanwhile, so links are still applied one at a time, each completely. A
  /// plain synchronous closure is an `apply` too:
  ///
  ///     apply: { link throws(LinkRefusal) in
  ///       try model.open(link)                    // the state changes at once …
  ///       await model.transitionEnded()           // … and the reply waits for the push to end
  ///     },
  ///
  /// - Parameters:
  ///   - socket: where to listen; by default the search order of ``DeepLinkAgent``.
  ///   - apply: applies a link, or throws ``LinkRefusal`` to refuse it (changing nothing);
  ///     synchronous or `async`.
  ///   - state: the app's state now.
  /// - Returns: the running agent, to ``RunningAgent/stop()`` it.
  /// - Throws: ``AgentError`` when ``bundleID`` is not a bundle identifier, the socket cannot
  ///   be served (another app on the path, an unsafe directory, a path too long) or no thread
  ///   can be started.
  @MainActor
  public func start(
    socket: String? = nil, apply: @escaping @MainActor (Link) async throws(LinkRefusal) -> Void,
    state: @escaping @MainActor () -> AppState
  ) throws(AgentError) -> RunningAgent {
    Self.keepReleaseMarker()
    if let bundleID {
      do throws(BundleIdentifierError) {
        try BundleIdentifier.validate(bundleID)
      } catch {
        throw AgentError(message: error.message)
      }
    }
    let path = SimulatorSocket.agentPath(
      explicit: socket, bundleID: bundleID, environmentValue: FileSystem.environmentValue)
    let identity = AgentIdentity(bundleID: bundleID)
    var options = LineServer.Options()
    options.stopsOnSignals = false
    let version = table.version
    options.rejectionReply = { rejection in
      ErrorReply.line(kind: rejection.kind, message: rejection.message, version: version)
    }
    let server = LineServer(path: path, options: options)
    let started = Handoff<AgentError?>()
    let handler = MainActorHandler(apply: apply, state: state)
    let table = table
    let name = name
    do {
      try BackgroundThread.start {
        var requests = RequestHandler(
          handler: handler, table: table, logPrefix: "\(name): ", now: { Int(Clocks.epochMilliseconds) })
        requests.identity = identity
        var log: [UInt8] = []
        do {
          try server.run(onListening: { started.put(nil) }) { line, reply in
            requests.reply(to: line, into: &reply, log: &log)
            log.removeAll(keepingCapacity: true)
          }
        } catch let error as ServerError {
          started.put(AgentError(message: error.message))
        } catch {
          started.put(AgentError(message: "\(error)"))
        }
      }
    } catch {
      throw AgentError(message: "cannot start the agent's thread: \(error)")
    }
    if let error = started.wait() { throw error }
    return RunningAgent(socket: path, server: server)
  }
}
