import DeepLinkRoutes
import DeepLinkWire

/// The one way `deeplink` learns the table an app serves: for a command line
/// (``AnsweringApp``), a `deeplink mcp` session (``AppFollower``), a Tab
/// (``CompletionCallback``) and a link the app refused as built from another table.
///
/// Given what the app says it serves (``ServedTable``), it takes the first table that is the
/// served one, help included, of: the one the cache kept for the app, and the one the tool
/// holds already (``known``: the table at hand, or the tool's own). Only when neither is does
/// it fetch the table, which it then keeps under the app's keys, so that the next command,
/// session or Tab has it without asking.
///
///     let lookup = AppTableLookup(cache: cache, key: .socket(path), known: contents)
///     let cached = lookup.cached()                 // before asking: the fallback when no app answers
///     let found = try lookup.resolve(served: served, cached: cached) { try fetchTheTable() }
///     // found.contents, found.fetched, found.warnings
struct AppTableLookup {
  /// Where tables are kept; `nil` when there is no cache directory (nothing is kept).
  let cache: TableCache?
  /// The app's identity in the cache: where its table is read.
  let key: TableCache.Key
  /// The table the tool holds without asking: an app that serves it needs no fetch.
  let known: RoutesFileContents

  /// A lookup in `cache`.
  init(cache: TableCache?, key: TableCache.Key, known: RoutesFileContents) {
    self.cache = cache
    self.key = key
    self.known = known
  }

  /// A lookup in the cache of `environment` (``TableCache/standard(environment:tool:)``), whose
  /// warnings start with `tool`: the one every command, session and Tab uses.
  init(key: TableCache.Key, known: RoutesFileContents, environment: (String) -> String?, tool: String) {
    self.init(cache: TableCache.standard(environment: environment, tool: tool), key: key, known: known)
  }

  /// The same lookup for the app `key` names: a simulator app's agent, found after the
  /// session started.
  func aimed(at key: TableCache.Key) -> AppTableLookup {
    AppTableLookup(cache: cache, key: key, known: known)
  }

  /// What the cache holds for the app: `known` itself when the file states its fingerprints
  /// (not decoded), another table, nothing, or a warning line for a file that cannot be used.
  ///
  /// - Parameter help: whether the table must have the same help text as the app's last, as
  ///   for what prints help; a link or a URL needs only the same routes.
  func cached(help: Bool = true) -> TableCache.Lookup {
    cache?.lookUp(key, known: known, help: help) ?? TableCache.Lookup()
  }

  /// The table the app serves, as its fingerprints `served` say, and what came with it.
  struct Found {
    var contents: RoutesFileContents
    /// Whether it was fetched now (and kept), rather than already held.
    var fetched: Bool
    /// Lines for standard error: a table that could not be kept.
    var warnings: [String] = []
  }

  /// The table the app serves: `cached`'s, else ``known``, when it is the served one; else
  /// `fetch`'s, kept under `keys` (by default the app's own key and, for a simulator app, the
  /// booted simulator's).
  ///
  /// - Throws: what `fetch` throws (``AppTableError``): a table that is refused is not kept.
  func resolve(
    served: ServedTable, cached: TableCache.Lookup, keys: [TableCache.Key]? = nil,
    fetch: () throws(AppTableError) -> RoutesFileContents
  ) throws(AppTableError) -> Found {
    if let held = cached.contents, served.isServing(held.table) {
      return Found(contents: held, fetched: false)
    }
    if served.isServing(known.table) { return Found(contents: known, fetched: false) }
    let contents = try fetch()
    return Found(
      contents: contents, fetched: true, warnings: keep(contents, under: keys ?? key.keptUnder(udid: nil)))
  }

  /// Keeps `contents`, which the app just served, under `keys`.
  ///
  /// - Returns: warning lines for what could not be kept.
  func keep(_ contents: RoutesFileContents, under keys: [TableCache.Key]? = nil) -> [String] {
    guard let cache else { return [] }
    return (keys ?? key.keptUnder(udid: nil)).compactMap { cache.store(contents, for: $0) }
  }
}

/// The fingerprints of the table an app serves, as its `ping` reply states them.
struct ServedTable: Equatable {
  /// ``RouteTable/version``: its routes and parameters.
  var version: String
  /// ``RouteTable/helpVersion``: its summaries and help; `nil` from an agent that does not state
  /// it (an older one), whose help is then taken to be the table's with that `version`.
  var helpVersion: String?

  /// The fingerprints a `ping` reply states; `nil` for a reply without a `version`.
  init?(ping reply: JSON) {
    guard let version = reply["version"]?.stringValue else { return nil }
    self.init(version: version, helpVersion: reply["helpVersion"]?.stringValue)
  }

  init(version: String, helpVersion: String? = nil) {
    self.version = version
    self.helpVersion = helpVersion
  }

  /// Both fingerprints of `table`.
  init(of table: RouteTable) {
    self.init(version: table.version, helpVersion: table.helpVersion)
  }

  /// Whether `table` is the one served: the same routes, and the same help when stated.
  func isServing(_ table: RouteTable) -> Bool {
    guard table.version == version else { return false }
    guard let helpVersion else { return true }
    return table.helpVersion == helpVersion
  }

  /// Whether the table of fingerprints `held` (both stated) is the one served.
  func isServing(_ held: ServedTable) -> Bool {
    held.version == version && (helpVersion == nil || held.helpVersion == helpVersion)
  }
}

extension TableCache.Key {
  /// The keys a table this app served is kept under: its own, and for a simulator app the
  /// booted simulator's (``simulatorApp(bundleID:)``) too, which a target of the booted
  /// simulator reads while the app is not running. An app found only among the simulator
  /// agents listening is also kept under the simulator its reply names (`udid`).
  func keptUnder(udid: String?) -> [Self] {
    switch self {
    case .socket: [self]
    case .simulator(_, let bundleID): [self, .simulatorApp(bundleID: bundleID)]
    case .simulatorApp(let bundleID): (udid.map { [.simulator(udid: $0, bundleID: bundleID)] } ?? []) + [self]
    }
  }
}
