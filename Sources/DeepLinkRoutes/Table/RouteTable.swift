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
  /// Positions by name, for tables of more than ``linearSearchLimit`` routes.
  private let index: [String: Int]?

  /// Up to this many routes, ``route(named:)`` compares names one by one instead of hashing.
  ///
  /// As fast for a dozen short names, and a table built without a `Dictionary` keeps
  /// `deeplink url` free of any: the first `String`-keyed dictionary in a process costs the
  /// Swift runtime a conformance lookup across the whole binary and a random hashing seed,
  /// about a fifth of that command's start-up (BENCHMARKS.md).
  static let linearSearchLimit = 32

  /// A table of `routes`. Use ``problems`` to check it; duplicate names keep the first route.
  public init(scheme: String = "debug", routes: [Route]) {
    self.scheme = scheme
    self.routes = routes
    guard routes.count > Self.linearSearchLimit else {
      self.index = nil
      return
    }
    var index: [String: Int] = [:]
    index.reserveCapacity(routes.count)
    for (position, route) in routes.enumerated() where index[route.name] == nil {
      index[route.name] = position
    }
    self.index = index
  }

  /// Whether no two routes share a name, answered from the index when the table has one (a
  /// routes file of 10,000 routes hashes each name once, here).
  package var namesAreUnique: Bool {
    if let index { return index.count == routes.count }
    return routes.indices.allSatisfy { position in
      !routes[..<position].contains { $0.name == routes[position].name }
    }
  }

  /// The route called `name` (exact, lowercase), if any: the first, if several are.
  public func route(named name: String) -> Route? {
    guard let index else { return routes.first { $0.name == name } }
    return index[name].map { routes[$0] }
  }

  /// The route name closest to `name`, for "did you mean" messages.
  public func suggestion(for name: String) -> String? {
    Suggestion.closest(to: name, in: routes.lazy.map(\.name))
  }
}
