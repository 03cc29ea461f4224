import DeepLinkRoutes
import DeepLinkWire

/// The ``ToolboxFollower`` of `deeplink mcp`: the tools follow the app that answers, as each
/// command line does (``AnsweringApp``), but within one session.
///
/// Before each `tools/list` and `tools/call`:
/// - On a simulator target whose app's agent did not answer yet (links go through `simctl`),
///   the agent is looked for as the session looked for it at its start
///   (``DeviceBridge/findAgent(udid:)``: one `ping` when the bundle id is known). Once one
///   answers, the session goes through it, as if it had answered from the start: the tools
///   then return the screen and the state.
/// - Then one `ping` on the connection the session keeps tells the fingerprint of the table
///   the app serves. The same as the session's: nothing changes. Another: the table is taken
///   from the cache when it holds that one, else fetched on the same connection and checked
///   as every table from a socket is (``AppTable``), then cached.
///
/// No app answering is no change: the tools stay, and a call that needs no app (`--dry-run`)
/// still works; an app that does not answer costs at most `--timeout`.
final class AppFollower: ToolboxFollower {
  /// The delivery of the current tools.
  private var delivery: TargetDelivery
  /// The simulator whose app's agent is awaited, while links go through `simctl`.
  private var awaitedSimulator: String?
  /// Where tables are kept, `nil` when there is no cache directory.
  private let cache: TableCache?
  /// The tool's own table: an app that serves it needs no fetch.
  private let builtIn: RouteTable
  /// The app's identity in the cache: its socket, or its simulator and bundle id.
  private var key: TableCache.Key
  /// The keys a table is kept under, as ``AnsweringApp`` keeps it: the app's own, and for a
  /// simulator app the booted simulator's too.
  private var keys: [TableCache.Key] {
    guard case .simulator(_, let bundleID) = key else { return [key] }
    return [key, .simulatorApp(bundleID: bundleID)]
  }
  /// Whether the table follows the app's (`deeplink`), or stays the tool's own (a tool built
  /// on `DeepLinkCommand` for one app), which still finds a simulator app's agent that starts
  /// later.
  private let followsTable: Bool

  /// A follower of the app `delivery` reaches.
  ///
  /// - Parameters:
  ///   - simulator: the UDID of a simulator target whose app's agent did not answer when the
  ///     session started; `nil` otherwise.
  ///   - agent: the simulator app's agent that did answer then, if any.
  init(
    delivery: TargetDelivery, simulator: String?, agent: SimulatorAgent? = nil, cache: TableCache?,
    builtIn: RouteTable, followsTable: Bool
  ) {
    self.followsTable = followsTable
    self.delivery = delivery
    self.awaitedSimulator = simulator
    self.cache = cache
    self.builtIn = builtIn
    self.key =
      agent.map { .simulator(udid: $0.udid, bundleID: $0.bundleID) } ?? .socket(delivery.context.socketPath)
  }

  func follow() -> ToolboxChange {
    if let udid = awaitedSimulator {
      guard let agent = try? delivery.context.devices.findAgent(udid: udid) else { return .unchanged }
      delivery.context = delivery.context.aimed(at: agent.socket)
      delivery.target = .app
      delivery.connection = AppConnection()
      awaitedSimulator = nil
      key = .simulator(udid: agent.udid, bundleID: agent.bundleID)
      unannounced = true
    }
    if delivery.target == .app, followsTable {
      switch table(for: delivery) {
      case .same: break
      case .new(let contents, let source):
        delivery = delivery.serving(contents, from: source)
        unannounced = true
      case .refused(let error):
        return .refused(.failure(RefusedTable(error: error)))
      }
    }
    guard unannounced else { return .unchanged }
    unannounced = false
    return .changed(
      McpToolbox(table: delivery.context.table, tool: delivery.context.tool, delivery: delivery))
  }

  /// Whether ``delivery`` changed since the session last took its tools (a simulator app's
  /// agent found, whose table was then refused, is announced once a table is taken).
  private var unannounced = false

  /// What the app `delivery` reaches serves now.
  private enum Served {
    /// The table of `delivery`, or no answer (no app, no agent of ours, an agent that serves
    /// no table).
    case same
    case new(RoutesFileContents, TableSource)
    case refused(AppTableError)
  }

  private func table(for delivery: TargetDelivery) -> Served {
    let app = delivery.context.app
    guard let version = try? delivery.connection.servedVersion(app: app),
      version != delivery.context.table.version
    else { return .same }
    if let cached = cache?.lookUp(key).contents, cached.table.version == version {
      return .new(cached, .app("the app on " + app.socket))
    }
    if builtIn.version == version {
      return .new(RoutesFileContents(table: builtIn), .app("the app on " + app.socket))
    }
    let contents: RoutesFileContents
    do {
      contents = try delivery.connection.table(app: app)
    } catch  where error.fallsBack {
      return .same
    } catch {
      return .refused(error)
    }
    for key in keys {
      if let warning = cache?.store(contents, for: key) { delivery.context.err(warning + "\n") }
    }
    return .new(contents, .app("the app on " + app.socket))
  }
}

/// A table the app served mid-session that `deeplink mcp` refuses: the tool call's error.
struct RefusedTable: CommandFailure {
  let error: AppTableError
  var exitCode: ExitCode { error.exitCode }
  var kind: String { FailureKind.badTable.rawValue }
  func message(for tool: ToolIdentity) -> String { message }
  var message: String {
    error.message + "; the tools stay those of the table it served before, and nothing was sent. "
      + error.hint
  }
}
