/// The set of debug links an app understands, looked up by name in constant time.
///
/// One table is shared by the `deeplink` command line and the app model, so both agree on
/// every URL. ``version`` fingerprints the declarations, so the two can tell when they were
/// built from different tables.
public struct RouteTable: Sendable {
  /// The URL scheme of every link: `debug`.
  public let scheme: String
  /// The routes in declaration order (the order of help text and completion).
  public let routes: [Route]
  /// What names are looked up in: positions by name, for tables of more than
  /// ``linearSearchLimit`` routes, and the length of the longest name; with them, the
  /// table's ``version`` when it was computed as the table was checked.
  let names: NameIndex

  /// ``RouteTable``'s lookup by name, built once with the table.
  ///
  /// A class, so that the table stays two public fields and one reference: adding a stored
  /// property changes the struct's size, and SwiftPM's incremental release build does not
  /// recompile the modules that only copy a `RouteTable` (`RecipeSampleRoutes`, `deeplink`'s main),
  /// which then crash until a clean build.
  final class NameIndex: Sendable {
    /// Positions by name; `nil` for a table searched name by name.
    let positions: [String: Int]?
    /// The UTF-8 length of the longest route name: a longer name is no route's, and one much
    /// longer is close to none, both known without hashing or comparing it.
    let longest: Int
    /// ``RouteTable/version``, when it was computed as the table was checked (a table an app
    /// served, whose stated fingerprint was verified): not hashed again at each use.
    let version: String?

    init(routes: [Route], positions: [String: Int]?) {
      self.positions = positions
      self.longest = routes.lazy.map(\.name.utf8.count).max() ?? 0
      self.version = nil
    }

    init(_ index: NameIndex, version: String) {
      self.positions = index.positions
      self.longest = index.longest
      self.version = version
    }
  }

  /// Up to this many routes, ``route(named:)`` compares names one by one instead of hashing.
  ///
  /// As fast for a dozen short names, and a table built without a `Dictionary` keeps
  /// `deeplink url` free of any: the first `String`-keyed dictionary in a process costs the
  /// Swift runtime a conformance lookup across the whole binary and a random hashing seed,
  /// measurable in that command's start-up (BENCHMARKS.md).
  package static let linearSearchLimit = 32

  /// A table of `routes`. Use ``problems`` to check it; duplicate names keep the first route.
  public init(scheme: String = "debug", routes: [Route]) {
    self.scheme = scheme
    self.routes = routes
    guard routes.count > Self.linearSearchLimit else {
      self.names = NameIndex(routes: routes, positions: nil)
      return
    }
    var positions: [String: Int] = [:]
    positions.reserveCapacity(routes.count)
    for (position, route) in routes.enumerated() where positions[route.name] == nil {
      positions[route.name] = position
    }
    self.names = NameIndex(routes: routes, positions: positions)
  }

  /// A table of `routes` looked up in `names`, which was built for them.
  init(scheme: String, routes: [Route], names: NameIndex) {
    self.scheme = scheme
    self.routes = routes
    self.names = names
  }

  /// The route called `name` (exact, lowercase), if any: the first, if several are.
  public func route(named name: String) -> Route? {
    guard name.utf8.count <= names.longest else { return nil }
    guard let positions = names.positions else { return routes.first { $0.name == name } }
    return positions[name].map { routes[$0] }
  }

  /// The route name closest to `name`, for "did you mean" messages.
  ///
  /// A name too long to be within reach of any route name (``Suggestion/closest(to:in:)``
  /// takes none whose length differs from the input's by more than 3 edits, except one the
  /// input is a prefix of, which is at least as long) gets `nil` without a look at the
  /// routes: a 60 KB unknown name costs the same at 10,000 routes as at 12 (`make bench`,
  /// "unknown-60kb"). The bound allows for lowercasing, which can shrink text to a quarter of
  /// its UTF-8 bytes but no less (a scalar has at most 4 bytes and lowercases to at least one:
  /// the 3-byte KELVIN SIGN to `k`).
  public func suggestion(for name: String) -> String? {
    guard name.utf8.count <= 4 * (names.longest + Suggestion.maximumEdits) else { return nil }
    return Suggestion.closest(to: name, in: routes.lazy.map(\.name))
  }
}
