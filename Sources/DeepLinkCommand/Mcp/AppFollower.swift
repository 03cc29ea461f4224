import DeepLinkRoutes
import DeepLinkWire

/// The ``McpToolsFollower`` of `deeplink mcp`: the tools follow the app that answers, as each
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
/// - Before a call that sends a link, a kept connection that every reply on it said serves the
///   session's table is trusted with no question: it reaches the same process, and a process
///   keeps its table. When the call finds it closed (the app exited, or dropped it idle),
///   nothing was sent, and the session follows the app afresh and makes the call again; a
///   call that fails is followed by the same question, and made again when the app now
///   serves other tools (``recheck(afterCallFailed:)``). A call costs one round trip, and no
///   link is ever built from the table of an app that has gone.
///
/// No app answering is no change: the tools stay, and a call that needs no app (`--dry-run`)
/// still works; an app that does not answer costs at most `--timeout`.
final class AppFollower: McpToolsFollower {
  /// The delivery of the current tools.
  private var delivery: McpSessionTarget
  /// The simulator whose app's agent is awaited, while links go through `simctl`.
  private var awaitedSimulator: String?
  /// How the app's table is learnt: the cache (under the app's identity, its socket or its
  /// simulator and bundle id) and the tool's own table, which an app that serves it needs no
  /// fetch for.
  private var lookup: AppTableLookup
  /// Whether the table follows the app's (`deeplink`), or stays the tool's own (a tool built
  /// on `DeepLinkCommand` for one app), which still finds a simulator app's agent that starts
  /// later.
  private let followsTable: Bool
  /// The fingerprints of the current tools' table, taken once per table: the app's are compared
  /// with them before each call, which must not hash the whole table every time.
  private var fingerprints: ServedTable

  /// A follower of the app `delivery` reaches.
  ///
  /// - Parameters:
  ///   - simulator: the UDID of a simulator target whose app's agent did not answer when the
  ///     session started; `nil` otherwise.
  ///   - agent: the simulator app's agent that did answer then, if any.
  init(
    delivery: McpSessionTarget, simulator: String?, agent: SimulatorAgent? = nil, builtIn: RouteTable,
    followsTable: Bool
  ) {
    self.followsTable = followsTable
    self.delivery = delivery
    self.awaitedSimulator = simulator
    self.fingerprints = ServedTable(of: delivery.context.table)
    delivery.connection.reportsLoss = followsTable
    self.lookup = AppTableLookup(
      key: agent.map { .simulator(udid: $0.udid, bundleID: $0.bundleID) }
        ?? .socket(delivery.context.socketPath),
      known: RoutesFileContents(table: builtIn), environment: delivery.context.environmentValue,
      tool: delivery.context.tool.name)
  }

  func follow(before request: McpFollowedRequest) -> McpToolsChange {
    _ = delivery.connection.takeLoss()
    trusted = false
    if let udid = awaitedSimulator {
      guard let agent = try? delivery.context.devices.findAgent(udid: udid) else { return .unchanged }
      delivery.context = delivery.context.aimed(at: agent.socket)
      delivery.target = .app
      delivery.connection = AppConnection()
      delivery.connection.reportsLoss = followsTable
      awaitedSimulator = nil
      lookup = lookup.aimed(at: .simulator(udid: agent.udid, bundleID: agent.bundleID))
      unannounced = true
    }
    if delivery.target == .app, followsTable, request == .link, delivery.connection.isTrusted {
      trusted = true
    } else if delivery.target == .app, followsTable {
      switch table(for: delivery) {
      case .same: break
      case .new(let contents, let source):
        delivery = delivery.serving(contents, from: source)
        fingerprints = ServedTable(of: contents.table)
        unannounced = true
      case .refused(let error):
        return .refused(.failure(RefusedTable(error: error)))
      }
    }
    guard unannounced else { return .unchanged }
    unannounced = false
    return .changed(
      McpServedTools(table: delivery.context.table, tool: delivery.context.tool, delivery: delivery))
  }

  func recheck(afterCallFailed failed: Bool) -> McpRecheck? {
    guard trusted else { return nil }
    trusted = false
    let lost = delivery.connection.takeLoss()
    guard lost || failed else { return nil }
    let change = follow(before: .list)
    if case .changed = change { return McpRecheck(change: change, callAgain: true) }
    return McpRecheck(change: change, callAgain: lost)
  }

  /// Whether the last ``follow(before:)`` let a call through on trust, asking nothing.
  private var trusted = false

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

  private func table(for delivery: McpSessionTarget) -> Served {
    let app = delivery.context.app
    guard let served = try? delivery.connection.servedTable(app: app),
      !served.isServing(fingerprints)
    else { return .same }
    do {
      // A cache file that cannot be used is not warned about at each call: the fetch replaces it.
      let found = try lookup.resolve(served: served, cached: lookup.cached()) { () throws(AppTableError) in
        try delivery.connection.table(app: app)
      }
      for warning in found.warnings { delivery.context.err(warning + "\n") }
      return .new(found.contents, .app(socket: app.socket))
    } catch  where error.fallsBack {
      return .same
    } catch {
      return .refused(error)
    }
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
