import DeepLinkRoutes
import DeepLinkWire
import RecipeSampleRoutes
import TestSupport
import Testing

@testable import DeepLinkCommand

/// Learning the table an app serves, the one way every command, `deeplink mcp` and Tab do it:
/// over a cache on real files and a fetch that counts its calls.
@Suite("App table lookup")
struct AppTableLookupTests {
  static let key = TableCache.Key.socket("/run/user/1000/deeplink/app.sock")
  static func shop(summary: String = "Show the cart", idHelp: String = "Product id") -> RouteTable {
    RouteTable(
      scheme: "shop",
      routes: [
        Route("cart", summary: summary),
        Route(
          "product", summary: "Show a product",
          parameters: [Parameter(name: "id", type: .integer(range: 1...99), default: nil, help: idHelp)]),
      ])
  }

  /// What the app says it serves when it serves `table`.
  static func served(_ table: RouteTable) -> ServedTable {
    ServedTable(version: table.version, helpVersion: table.helpVersion)
  }

  /// A fetch of `table` that counts its calls in `count`.
  final class Fetch {
    var count = 0
    let table: RouteTable
    init(_ table: RouteTable) { self.table = table }
    func callAsFunction() throws(AppTableError) -> RoutesFileContents {
      count += 1
      return RoutesFileContents(table: table)
    }
  }

  static func withLookup(
    key: TableCache.Key = key, known: RouteTable = .recipeSample,
    _ body: (AppTableLookup, TableCache) throws -> Void
  ) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cache = TableCache(directory: directory.file("deeplink"), tool: "deeplink")
    try body(AppTableLookup(cache: cache, key: key, known: RoutesFileContents(table: known)), cache)
  }

  @Test func anAppServingTheCachedTableNeedsNoFetch() throws {
    try Self.withLookup { lookup, cache in
      cache.store(RoutesFileContents(table: Self.shop()), for: Self.key)
      let fetch = Fetch(.recipeSample)
      let found = try lookup.resolve(served: Self.served(Self.shop()), cached: lookup.cached()) {
        () throws(AppTableError) in try fetch()
      }
      #expect(fetch.count == 0)
      #expect(!found.fetched && found.contents.table.routes.map(\.name) == ["cart", "product"])
    }
  }

  @Test func anAppServingTheToolsOwnTableNeedsNoFetch() throws {
    try Self.withLookup { lookup, _ in
      let fetch = Fetch(Self.shop())
      let found = try lookup.resolve(served: Self.served(.recipeSample), cached: lookup.cached()) {
        () throws(AppTableError) in try fetch()
      }
      #expect(fetch.count == 0)
      #expect(!found.fetched && found.contents.table.scheme == RouteTable.recipeSample.scheme)
    }
  }

  @Test func anotherTableIsFetchedOnceAndKeptForTheNextLookup() throws {
    try Self.withLookup { lookup, cache in
      let fetch = Fetch(Self.shop())
      let found = try lookup.resolve(served: Self.served(Self.shop()), cached: lookup.cached()) {
        () throws(AppTableError) in try fetch()
      }
      #expect(fetch.count == 1 && found.fetched && found.warnings.isEmpty)
      #expect(cache.lookUp(Self.key).contents?.table.scheme == "shop")
      let again = try lookup.resolve(served: Self.served(Self.shop()), cached: lookup.cached()) {
        () throws(AppTableError) in try fetch()
      }
      #expect(fetch.count == 1 && !again.fetched)
    }
  }

  /// A simulator app's table is kept under its simulator and under the booted simulator's key.
  @Test func aSimulatorAppsTableIsKeptUnderTheBootedSimulatorToo() throws {
    let key = TableCache.Key.simulator(udid: "5B6D-1", bundleID: "com.example.Shop")
    try Self.withLookup(key: key) { lookup, cache in
      _ = try lookup.resolve(served: Self.served(Self.shop()), cached: lookup.cached()) {
        () throws(AppTableError) in try Fetch(Self.shop())()
      }
      #expect(cache.lookUp(key).contents?.table.scheme == "shop")
      #expect(cache.lookUp(.simulatorApp(bundleID: "com.example.shop")).contents?.table.scheme == "shop")
    }
  }

  /// The same routes with other help text: the same links, but help, `routes` and an agent's
  /// tool descriptions would show the old text, so the table is fetched.
  @Test(arguments: [
    ("summary", "Show the basket", "Product id"), ("parameter help", "Show the cart", "The id"),
  ])
  func theSameRoutesWithOtherHelpAreFetched(_ what: String, _ summary: String, _ idHelp: String) throws {
    let rebuilt = Self.shop(summary: summary, idHelp: idHelp)
    #expect(rebuilt.version == Self.shop().version, "\(what) changes no link")
    #expect(rebuilt.helpVersion != Self.shop().helpVersion, "\(what) is help")
    try Self.withLookup(known: Self.shop()) { lookup, cache in
      cache.store(RoutesFileContents(table: Self.shop()), for: Self.key)
      let fetch = Fetch(rebuilt)
      let found = try lookup.resolve(served: Self.served(rebuilt), cached: lookup.cached()) {
        () throws(AppTableError) in try fetch()
      }
      #expect(fetch.count == 1 && found.fetched)
      #expect(found.contents.table.routes[0].summary == summary)
      #expect(cache.lookUp(Self.key).contents?.table.routes[1].parameters[0].help == idHelp, "kept")
    }
  }

  /// An agent that states no help fingerprint (one older than it) is taken at its `version`.
  @Test func anAgentStatingNoHelpFingerprintIsTakenAtItsVersion() throws {
    try Self.withLookup(known: Self.shop()) { lookup, _ in
      let fetch = Fetch(Self.shop(summary: "Other"))
      let found = try lookup.resolve(
        served: ServedTable(version: Self.shop().version), cached: lookup.cached()
      ) { () throws(AppTableError) in try fetch() }
      #expect(fetch.count == 0 && !found.fetched)
    }
  }

  @Test func aRefusedTableIsNotKept() throws {
    try Self.withLookup { lookup, cache in
      let refusal = AppTableError(app: "/tmp/a.sock", problem: .notAReply)
      #expect(throws: refusal) {
        try lookup.resolve(served: Self.served(Self.shop()), cached: lookup.cached()) {
          () throws(AppTableError) in throw refusal
        }
      }
      #expect(cache.lookUp(Self.key).contents == nil)
    }
  }

  /// The cache file of a table with the tool's routes and other help stands for the tool's
  /// table for a link (which help does not change), not for what shows help.
  @Test func aCachedTableWithOtherHelpIsTheToolsOwnForALinkOnly() throws {
    try Self.withLookup(known: Self.shop()) { lookup, cache in
      cache.store(RoutesFileContents(table: Self.shop(summary: "Show the basket")), for: Self.key)
      #expect(lookup.cached().contents?.table.routes[0].summary == "Show the basket")
      #expect(lookup.cached(help: false).contents?.table.routes[0].summary == "Show the cart")
    }
  }

  @Test func theHelpFingerprintIsSixteenHexDigitsAndIgnoresWhatLinksDependOn() {
    let fingerprint = Self.shop().helpVersion
    #expect(fingerprint.count == 16 && fingerprint.allSatisfy(\.isHexDigit))
    let renamed = RouteTable(scheme: "other", routes: Self.shop().routes)
    #expect(renamed.helpVersion == fingerprint && renamed.version != Self.shop().version)
  }
}
