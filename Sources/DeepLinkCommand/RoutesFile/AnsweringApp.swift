import DeepLinkRoutes
import DeepLinkWire

/// The app a command line talks to, asked for its route table before the line is parsed, so
/// that `deeplink` speaks the routes of whatever app answers, with no routes file: the app
/// teaches the tool its table (`{"op":"table"}`, docs/wire-protocol.md).
///
/// The app is the one the line aims at without running any tool: the app target's socket
/// (`--socket`, `DEEPLINK_SOCKET`, the default path), or a simulator app's agent when the
/// target names the simulator by UDID and the bundle id is known (`--bundle-id`,
/// `DEEPLINK_BUNDLE_ID`). Its last table is kept in the ``TableCache``, so help, `url`,
/// `routes` and Tab completion keep speaking its routes while it is not running.
///
/// One `ping` tells the app's fingerprint: the cached table, or the one the tool has, is used
/// when it is the same; otherwise the table is fetched on the same connection (one more round
/// trip) and cached. No app listening costs a failed `connect`, nothing more.
struct AnsweringApp {
  /// Where the app listens.
  let socket: String
  /// The app's identity in the cache.
  let key: TableCache.Key

  /// The app `arguments` aim at, reading the options before parsing and `environment`; `nil`
  /// for a target whose app cannot be named without a device tool (a simulator by name or the
  /// booted one, an iPhone, Android), or an unparsable target (the parse reports it).
  init?(arguments: [String], environment: (String) -> String?) {
    let targetText =
      Invocation.optionValue(.target, in: arguments)
      ?? environment(DeliveryTarget.variable.name).flatMap { $0.isEmpty ? nil : $0 }
    let target = targetText.map(DeliveryTarget.init(parsing:)) ?? .app
    switch target {
    case .app?:
      socket = SocketPath.resolve(
        explicit: Invocation.optionValue(.socket, in: arguments), environmentValue: environment)
      key = .socket(socket)
    case .simulator(let device?)? where SimulatorDevice.looksLikeUDID(device):
      guard
        let bundleID = Invocation.optionValue(.bundleID, in: arguments)
          ?? environment(DeviceBridge.bundleIDVariable.name),
        (try? BundleIdentifier.validate(bundleID)) != nil
      else { return nil }
      socket = SimulatorSocket.path(udid: device, bundleID: bundleID)
      key = .simulator(udid: device, bundleID: bundleID)
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
  /// - Parameter known: the table the tool would use otherwise; when the app runs it, nothing
  ///   is fetched.
  /// - Throws: ``AppTableError`` for a table the app served that is refused (too large, not
  ///   JSON, a lying fingerprint, …): nothing is cached, and nothing is sent.
  func table(known: RoutesFileContents, cache: TableCache?, timeoutMilliseconds: Int) throws(AppTableError)
    -> Answer?
  {
    var warnings: [String] = []
    let lookup = cache?.lookUp(key)
    if let warning = lookup?.warning { warnings.append(warning) }
    let cached = lookup?.contents.map { Answer(contents: $0, source: .cache(socket), warnings: warnings) }
    let deadline = Deadline.after(milliseconds: timeoutMilliseconds)
    let client: LineClient
    do {
      client = try LineClient.connect(
        path: socket, deadline: deadline, maximumLineLength: AppTable.maximumReplyBytes)
    } catch {
      // No app (or none we may talk to): the table it served last, if any.
      return cached
    }
    defer { client.close() }
    let version: String
    let line: [UInt8]
    do throws(SocketError) {
      line = try client.request(Request.ping.line, deadline: deadline)
    } catch {
      // No answer (a stopped or hung app uses up the time, which the command then does not
      // get again), or none we understand: the table it served last, if any.
      return cached
    }
    guard let reply = try? JSON.parse(line), let text = reply["version"]?.stringValue else { return cached }
    version = text
    if let cached, cached.contents.table.version == version {
      return Answer(contents: cached.contents, source: .app(socket), warnings: warnings)
    }
    let contents: RoutesFileContents
    if known.table.version == version {
      contents = known
    } else {
      do {
        contents = try AppTable.fetch(client: client, deadline: deadline)
      } catch  where error.fallsBack {
        // An agent that serves no table: the tool's own, as before.
        return nil
      }
    }
    if let warning = cache?.store(contents, for: key) { warnings.append(warning) }
    return Answer(contents: contents, source: .app(socket), warnings: warnings)
  }
}
