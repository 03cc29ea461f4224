import DeepLinkRoutes
import DeepLinkWire

/// The app, reached over its Unix domain socket: sends links and requests, waits for it to
/// listen, and warns once when the app runs another route table than ``table``.
struct AppClient {
  /// The app's socket.
  let socket: String
  /// How long each request may take, `--timeout` in milliseconds.
  let timeoutMilliseconds: Int
  /// The table links are built from, whose version the app's replies are compared with.
  let table: RouteTable
  /// Where ``table`` came from, for the version warning.
  let source: TableSource
  /// Where the version warning goes.
  let output: any OutputSink
  /// The tool that says the version warning.
  let tool: ToolIdentity
  /// Whether ``table`` stands for the app's own (the cache's, or the one the tool has when the
  /// app never served one), so that links carry its fingerprint and the app refuses them when
  /// it serves another; `false` for a routes file the user chose, which the app's table never
  /// replaces.
  var checksTable = false

  /// Sends `link` to the app and returns its reply, once the app acknowledged it: what every
  /// command that sends a link (a route, `open`, an MCP tool call) does.
  ///
  /// With ``checksTable``, the request carries ``table``'s fingerprint: an app that serves
  /// another table refuses the link unapplied (`stale-table`), and its table is fetched on the
  /// same connection and checked (``AppTable``), for the caller to build the link again.
  ///
  /// - Throws: ``ClientFailure/tableChanged(served:path:)`` with the app's table when it refused
  ///   the link as stale; ``ClientFailure/badTable(_:)`` when that table is refused.
  func send(_ link: Link) throws(ClientFailure) -> JSON {
    // The table's fingerprint, hashed once for the request and the session's check of the reply.
    let version = table.version
    // Built and serialized once, its deadline counted from before connecting: checked, then
    // sent as it is.
    let request = AppSession.openRequest(
      table.url(for: link), timeoutMilliseconds: timeoutMilliseconds, table: checksTable ? version : nil
    )
    try AppSession.checkFits(request)
    var session = try connect(tableVersion: version)
    defer { session.close() }
    return try warnAboutVersion(&session) { (s: inout AppSession) throws(ClientFailure) in
      let reply: JSON
      do throws(ClientFailure) {
        reply = try s.request(request)
      } catch {
        guard checksTable, let refusal = error.staleTableRefusal else { throw error }
        // Expected: the app says which table it serves; no warning about it.
        s.clearForeignVersion()
        let served = try servedTable(s, refusal: refusal)
        throw ClientFailure.tableChanged(served: served, path: s.client.path)
      }
      return reply
    }
  }

  /// The table the app on `session` serves, fetched after it refused a link as stale with
  /// `refusal`, and checked as any table an app serves. A table that is the one the link was
  /// built from makes the refusal a lie: the refusal is reported as it came (65).
  private func servedTable(_ session: AppSession, refusal: String) throws(ClientFailure) -> RoutesFileContents
  {
    let served: RoutesFileContents
    do {
      served = try AppTable.fetch(
        client: session.client, deadline: .after(milliseconds: timeoutMilliseconds))
    } catch {
      throw .badTable(error)
    }
    guard served.table.version != table.version else {
      throw .rejected(.open, kind: ErrorKind.staleTable.rawValue, message: refusal)
    }
    return served
  }

  /// The app's state (`path`, `overrides`, `screen`), for `deeplink state` and MCP's `state`.
  func state() throws(ClientFailure) -> JSON {
    var session = try connect()
    defer { session.close() }
    let reply = try warnAboutVersion(&session) { (s: inout AppSession) throws(ClientFailure) in
      try s.request(.state)
    }
    guard let state = reply["state"] else { throw .badReply("no state in the reply") }
    return state
  }

  /// The app's screen, for `deeplink screen` and MCP's `screen`.
  func screen() throws(ClientFailure) -> String {
    var session = try connect()
    defer { session.close() }
    let reply = try warnAboutVersion(&session) { (s: inout AppSession) throws(ClientFailure) in
      try s.request(.screen)
    }
    guard let screen = reply["screen"]?.stringValue else { throw .badReply("no screen in the reply") }
    return screen
  }

  /// A new connection to the app.
  func connect() throws(ClientFailure) -> AppSession {
    try connect(tableVersion: table.version)
  }

  /// ``connect()``, with ``table``'s fingerprint already computed.
  private func connect(tableVersion: String) throws(ClientFailure) -> AppSession {
    try AppSession.connect(path: socket, timeoutMilliseconds: timeoutMilliseconds, tableVersion: tableVersion)
  }

  /// The state a link's reply carries, as `--json` prints it (`applied` first, then the
  /// state's own keys, so `.overrides` and `.screen` stay where they were), and its screen.
  static func appliedState(_ reply: JSON, leading: [(String, JSON)] = []) throws(ClientFailure) -> (
    json: JSON, screen: String
  ) {
    guard let state = reply["state"], case .object(let fields) = state,
      let screen = state["screen"]?.stringValue,
      let applied = reply["applied"]?.stringValue
    else {
      throw .badReply("the app acknowledged the link without its state")
    }
    return (
      .object(leading.map { JSON.Member($0.0, $0.1) } + [JSON.Member("applied", .string(applied))] + fields),
      screen
    )
  }

  /// Returns the reply to a `ping` from the first app that answers on ``socket`` within
  /// `seconds` (`wait`, and `wait` and `launch` for a simulator app's agent).
  ///
  /// With `pid`, the app's process is checked between connection attempts: once it has
  /// exited, no app will come, and the wait fails at once (69) instead of at the timeout.
  ///
  /// - Throws: 75 when none listens or answers in time, 69 at once when process `pid` exits.
  func awaitApp(seconds: Double, pid: Int32?, spentMilliseconds: Int = 0) throws(ClientFailure) -> JSON {
    let deadline = Deadline.after(milliseconds: max(1, Int(seconds * 1000) - spentMilliseconds))
    let client: LineClient
    var exitStatus: ProcessProbe.ExitStatus?
    do {
      client = try LineClient.waitForListener(path: socket, deadline: deadline) { () throws(SocketError) in
        guard let pid, case .exited(let status) = ProcessProbe.state(of: pid) else { return }
        exitStatus = status
        throw .gaveUp(reason: "process \(pid) exited")
      }
    } catch .timedOut {
      throw .noAppCame(path: socket, seconds: seconds)
    } catch .gaveUp {
      throw .appExited(pid: pid ?? 0, status: exitStatus)
    } catch {
      throw .socket(error)
    }
    // The ping's reply is checked like any other: a peer that is not a deeplink-app fails.
    var session = AppSession(
      client: client, timeoutMilliseconds: Int(deadline.remainingMilliseconds), tableVersion: table.version)
    defer { session.close() }
    do {
      return try warnAboutVersion(&session) { (s: inout AppSession) throws(ClientFailure) in
        try s.request(.ping)
      }
    } catch .unanswered {
      throw .silentApp(path: socket, seconds: seconds)
    }
  }

  /// Runs `body`, then warns once on stderr if the app was built from another route table —
  /// the likely cause of an unknown route or option the help says exists.
  func warnAboutVersion(
    _ session: inout AppSession, _ body: (inout AppSession) throws(ClientFailure) -> JSON
  ) throws(ClientFailure) -> JSON {
    defer {
      if let foreign = session.foreignVersion {
        output.err(
          "\(tool.name): warning: "
            + Self.foreignTableWarning(app: foreign, table: table, source: source, tool: tool) + "\n")
      }
    }
    return try body(&session)
  }

  /// Why an app's reply carries another table's version, and what to do about it: with the
  /// built-in table, the two programs come from different checkouts; with a routes file,
  /// the file is not this app's table (another app, or out of date), so the app rejects the
  /// links it does not know.
  static func foreignTableWarning(
    app: String, table: RouteTable, source: TableSource, tool: ToolIdentity
  ) -> String {
    guard let path = source.path else {
      return "the app runs route table \(app), this \(tool.name) was built from \(table.version); "
        + "rebuild both from one checkout"
    }
    return "the app runs route table \(app), but the routes file \(path) describes table "
      + "\(table.version): the app rejects links it does not know. Is the file this app's, and up "
      + "to date? Export it again from the app's own table (its 'routes --json')"
  }
}
