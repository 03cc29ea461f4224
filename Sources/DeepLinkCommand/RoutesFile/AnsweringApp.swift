import DeepLinkRoutes
import DeepLinkWire

/// The app a command line talks to, asked for its route table before the line is parsed, so
/// that `deeplink` speaks the routes of whatever app answers, with no routes file: the app
/// teaches the tool its table (`{"op":"table"}`, docs/wire-protocol.md).
///
/// The app is the one the line aims at without running any tool: the app target's socket
/// (`--socket`, `DEEPLINK_SOCKET`, the default path), or a simulator app's agent when the
/// bundle id is known (`--bundle-id`, `DEEPLINK_BUNDLE_ID`) and the target names the simulator
/// by UDID or means the booted one (then the agent is found among those listening). Its last table is kept in the ``TableCache``, so help, `url`,
/// `routes` and Tab completion keep speaking its routes while it is not running.
///
/// One `ping` tells the app's fingerprints, and ``AppTableLookup`` takes the cached table, or
/// the one the tool has, when it is the same; otherwise the table is fetched on the same
/// connection (one more round trip) and cached. No app listening costs a failed `connect`,
/// nothing more.
struct AnsweringApp {
  /// Where the app listens; `nil` for the app ``bundleID`` on the booted simulator, found
  /// among the simulator agents listening when it is asked.
  let socket: String?
  /// The app's identity in the cache.
  let key: TableCache.Key
  /// A simulator app's bundle id: its table is kept under its simulator's UDID and under
  /// ``TableCache/Key/simulatorApp(bundleID:)``, which the booted simulator's target reads
  /// while the app is not running.
  let bundleID: String?

  /// The app `arguments` aim at, reading the options before parsing and `environment`; `nil`
  /// for a target whose app cannot be named without a device tool (a simulator by name, an
  /// iPhone, Android), a simulator target without a bundle id, or an unparsable target (the
  /// parse reports it).
  init?(arguments: [String], environment: (String) -> String?) {
    let targetText =
      Invocation.optionValue(.target, in: arguments)
      ?? environment(DeliveryTarget.variable.name).flatMap { $0.isEmpty ? nil : $0 }
    let target = targetText.map(DeliveryTarget.init(parsing:)) ?? .app
    var bundleID: String? {
      guard
        let bundleID = Invocation.optionValue(.bundleID, in: arguments)
          ?? environment(DeviceBridge.bundleIDVariable.name),
        (try? BundleIdentifier.validate(bundleID)) != nil
      else { return nil }
      return bundleID
    }
    switch target {
    case .app?:
      let socket = SocketPath.resolve(
        explicit: Invocation.optionValue(.socket, in: arguments), environmentValue: environment)
      self.socket = socket
      key = .socket(socket)
      self.bundleID = nil
    case .simulator(let device?)? where SimulatorDevice.looksLikeUDID(device):
      guard let bundleID else { return nil }
      socket = SimulatorSocket.path(udid: device, bundleID: bundleID)
      key = .simulator(udid: device, bundleID: bundleID)
      self.bundleID = bundleID
    case .simulator(nil)?:
      guard let bundleID else { return nil }
      socket = nil
      key = .simulatorApp(bundleID: bundleID)
      self.bundleID = bundleID
    default:
      return nil
    }
  }

  /// What asking the app gave.
  struct Answer {
    /// The app's table, and whether it came from the app now or from the cache.
    var contents: RoutesFileContents
    var source: TableSource
    /// Lines for standard error: a cache file ignored, a table that could not be kept.
    var warnings: [String] = []
  }

  /// The lookup of this app's table in the cache of `environment`, the tool called `tool`
  /// holding `known`.
  func lookup(known: RoutesFileContents, environment: (String) -> String?, tool: String) -> AppTableLookup {
    AppTableLookup(key: key, known: known, environment: environment, tool: tool)
  }

  /// The app's table: asked within `timeoutMilliseconds`, else the cached one; `nil` when no
  /// app answers and none is cached. An app that does not answer in time is no error here: the
  /// command that follows gets what is left of the time, and reports it as it would.
  ///
  /// The app on the booted simulator is the one agent of ``bundleID`` among those listening
  /// (each asked for at most ``SimulatorAgent/discoveryMilliseconds``); with none, or with
  /// several (on several simulators, where the command then asks which), the cached table.
  ///
  /// - Parameter lookup: the table the tool holds and the cache (``lookup(known:environment:tool:)``).
  /// - Throws: ``AppTableError`` for a table the app served that is refused (too large, not
  ///   JSON, a lying fingerprint, …): nothing is cached, and nothing is sent.
  func table(_ lookup: AppTableLookup, timeoutMilliseconds: Int) throws(AppTableError) -> Answer? {
    let cached = lookup.cached()
    let warnings = cached.warning.map { [$0] } ?? []
    let deadline = Deadline.after(milliseconds: timeoutMilliseconds)
    // No app (or none we may talk to, or one that does not answer in time, or not as an
    // agent does): the table it served last, if any.
    guard let app = socket.map({ Self.ping($0, deadline: deadline) }) ?? simulatorApp(deadline: deadline)
    else {
      return cached.contents.map { Answer(contents: $0, source: .cache(place(socket)), warnings: warnings) }
    }
    defer { app.client.close() }
    let found: AppTableLookup.Found
    do {
      found = try lookup.resolve(served: app.served, cached: cached, keys: key.keptUnder(udid: app.udid)) {
        () throws(AppTableError) in try AppTable.fetch(client: app.client, deadline: deadline)
      }
    } catch  where error.fallsBack {
      // An agent that serves no table: the tool's own, as before.
      return nil
    }
    return Answer(
      contents: found.contents, source: .app(place(app.socket)), warnings: warnings + found.warnings)
  }

  /// The table a link is built from without asking the app: the one the app served last (the
  /// cache: the same routes, whatever its help), else the one the tool holds. The link carries
  /// its fingerprint and the app refuses it if it serves another (``AppClient/checksTable``):
  /// no round trip before the link. `nil` for an app found only by asking the simulator agents
  /// listening (no socket to send to yet).
  func tableAtHand(_ lookup: AppTableLookup) -> Answer? {
    guard let socket else { return nil }
    let cached = lookup.cached(help: false)
    return Answer(
      contents: cached.contents ?? lookup.known, source: .app(place(socket)),
      warnings: cached.warning.map { [$0] } ?? [])
  }

  /// Where the app's table came from, once it served `contents` now.
  var servedSource: TableSource { .app(place(socket)) }

  /// The app as `deeplink routes` names it: `the app on /tmp/a.sock`, or, found nowhere,
  /// `com.example.app on a simulator`.
  private func place(_ socket: String?) -> String {
    socket.map { TableSource.place(socket: $0) } ?? "\(bundleID ?? "the app") on a simulator"
  }

  /// An app that answered its `ping`, the connection still open for the table.
  private struct Pinged {
    let socket: String
    let client: LineClient
    /// The fingerprints of its table.
    let served: ServedTable
    /// What the reply says: a simulator app's bundle id and simulator.
    let bundleID: String?
    let udid: String?
  }

  /// The app on `socket`, when it answers a `ping` before `deadline` as an agent does.
  private static func ping(_ socket: String, deadline: Deadline) -> Pinged? {
    guard
      let client = try? LineClient.connect(
        path: socket, deadline: deadline, maximumLineLength: AppTable.maximumReplyBytes)
    else { return nil }
    guard let line = try? client.request(Request.ping.line, deadline: deadline),
      let reply = try? JSON.parse(line), let served = ServedTable(ping: reply)
    else {
      client.close()
      return nil
    }
    return Pinged(
      socket: socket, client: client, served: served, bundleID: reply["bundleId"]?.stringValue,
      udid: reply["simulatorUdid"]?.stringValue)
  }

  /// The one agent of ``bundleID`` listening on a simulator: `nil` for none, or for several.
  private func simulatorApp(deadline: Deadline) -> Pinged? {
    guard let bundleID else { return nil }
    let directory = SimulatorSocket.directory()
    var found: [Pinged] = []
    for name in (FileSystem.entries(of: directory) ?? []).sorted() where name.hasSuffix(".sock") {
      let each = min(deadline, Deadline.after(milliseconds: SimulatorAgent.discoveryMilliseconds))
      guard let app = Self.ping(directory + "/" + name, deadline: each) else { continue }
      guard app.bundleID?.lowercased() == bundleID.lowercased(), app.udid != nil else {
        app.client.close()
        continue
      }
      found.append(app)
    }
    guard found.count == 1 else {
      for app in found { app.client.close() }
      return nil
    }
    return found[0]
  }
}
