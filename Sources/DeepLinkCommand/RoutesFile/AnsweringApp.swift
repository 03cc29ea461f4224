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
/// One `ping` tells the app's fingerprint: the cached table, or the one the tool has, is used
/// when it is the same; otherwise the table is fetched on the same connection (one more round
/// trip) and cached. No app listening costs a failed `connect`, nothing more.
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

  /// The app's table: asked within `timeoutMilliseconds`, else the cached one; `nil` when no
  /// app answers and none is cached. An app that does not answer in time is no error here: the
  /// command that follows gets what is left of the time, and reports it as it would.
  ///
  /// The app on the booted simulator is the one agent of ``bundleID`` among those listening
  /// (each asked for at most ``SimulatorAgent/discoveryMilliseconds``); with none, or with
  /// several (on several simulators, where the command then asks which), the cached table.
  ///
  /// - Parameter known: the table the tool would use otherwise; when the app runs it, nothing
  ///   is fetched.
  /// - Throws: ``AppTableError`` for a table the app served that is refused (too large, not
  ///   JSON, a lying fingerprint, …): nothing is cached, and nothing is sent.
  /// - Parameter lookup: the cache's entry, when the caller has read it already.
  func table(
    known: RoutesFileContents, cache: TableCache?, timeoutMilliseconds: Int, lookup: TableCache.Lookup? = nil
  ) throws(AppTableError) -> Answer? {
    var warnings: [String] = []
    let lookup = lookup ?? cache?.lookUp(key, known: known)
    if let warning = lookup?.warning { warnings.append(warning) }
    let cached = lookup?.contents.map {
      Answer(contents: $0, source: .cache(place(socket)), warnings: warnings)
    }
    let deadline = Deadline.after(milliseconds: timeoutMilliseconds)
    // No app (or none we may talk to, or one that does not answer in time, or not as an
    // agent does): the table it served last, if any.
    guard let app = socket.map({ Self.ping($0, deadline: deadline) }) ?? simulatorApp(deadline: deadline)
    else { return cached }
    defer { app.client.close() }
    if let cached, cached.contents.table.version == app.version {
      return Answer(contents: cached.contents, source: .app(place(app.socket)), warnings: warnings)
    }
    let contents: RoutesFileContents
    if known.table.version == app.version {
      contents = known
    } else {
      do {
        contents = try AppTable.fetch(client: app.client, deadline: deadline)
      } catch  where error.fallsBack {
        // An agent that serves no table: the tool's own, as before.
        return nil
      }
    }
    for key in keys(udid: app.udid) {
      if let warning = cache?.store(contents, for: key) { warnings.append(warning) }
    }
    return Answer(contents: contents, source: .app(place(app.socket)), warnings: warnings)
  }

  /// The table a link is built from without asking the app: the one the app served last (the
  /// cache), else `known`. The link carries its fingerprint and the app refuses it if it
  /// serves another (``AppClient/checksTable``): no round trip before the link. `nil` for an
  /// app found only by asking the simulator agents listening (no socket to send to yet).
  ///
  /// - Returns: the answer, and the cache's entry (for ``table(known:cache:timeoutMilliseconds:lookup:)``
  ///   when the line turns out to need the app's answer).
  func tableAtHand(known: RoutesFileContents, cache: TableCache?) -> (
    answer: Answer, lookup: TableCache.Lookup
  )? {
    guard let socket else { return nil }
    let lookup = cache?.lookUp(key, known: known) ?? TableCache.Lookup()
    return (
      Answer(
        contents: lookup.contents ?? known, source: .app(place(socket)),
        warnings: lookup.warning.map { [$0] } ?? []),
      lookup
    )
  }

  /// Keeps `contents`, which the app just served, under the app's keys.
  ///
  /// - Returns: warning lines for what could not be kept.
  func remember(_ contents: RoutesFileContents, cache: TableCache?) -> [String] {
    keys(udid: nil).compactMap { cache?.store(contents, for: $0) }
  }

  /// Where the app's table came from, once it served `contents` now.
  var servedSource: TableSource { .app(place(socket)) }

  /// The app as `deeplink routes` names it: `the app on /tmp/a.sock`, or, found nowhere,
  /// `com.example.app on a simulator`.
  private func place(_ socket: String?) -> String {
    socket.map { "the app on " + $0 } ?? "\(bundleID ?? "the app") on a simulator"
  }

  /// The keys the table an app served is kept under: its own, and for a simulator app the
  /// booted simulator's.
  private func keys(udid: String?) -> [TableCache.Key] {
    guard let bundleID else { return [key] }
    let booted = TableCache.Key.simulatorApp(bundleID: bundleID)
    // Found among the agents: the simulator its reply names.
    guard socket == nil else { return [key, booted] }
    return (udid.map { [.simulator(udid: $0, bundleID: bundleID)] } ?? []) + [booted]
  }

  /// An app that answered its `ping`, the connection still open for the table.
  private struct Pinged {
    let socket: String
    let client: LineClient
    /// The fingerprint of its table.
    let version: String
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
      let reply = try? JSON.parse(line), let version = reply["version"]?.stringValue
    else {
      client.close()
      return nil
    }
    return Pinged(
      socket: socket, client: client, version: version, bundleID: reply["bundleId"]?.stringValue,
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
