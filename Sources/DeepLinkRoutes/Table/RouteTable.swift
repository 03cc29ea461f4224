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
  private let index: [String: Int]

  /// A table of `routes`. Use ``problems`` to check it; duplicate names keep the first route.
  public init(scheme: String = "debug", routes: [Route]) {
    self.scheme = scheme
    self.routes = routes
    var index: [String: Int] = [:]
    index.reserveCapacity(routes.count)
    for (position, route) in routes.enumerated() where index[route.name] == nil {
      index[route.name] = position
    }
    self.index = index
  }

  /// The route called `name` (exact, lowercase), if any.
  public func route(named name: String) -> Route? {
    index[name].map { routes[$0] }
  }

  /// The route name closest to `name`, for "did you mean" messages.
  public func suggestion(for name: String) -> String? {
    Suggestion.closest(to: name, in: routes.lazy.map(\.name))
  }

  /// Names a route may not take, because `deeplink` uses them as commands.
  public static let reservedNames: [String] = [
    "url", "open", "routes", "state", "screen", "wait", "batch", "completions", "help", "version",
  ]

  /// Names a parameter may not take, because `deeplink` uses them as global options
  /// (`--socket`, `--json`, …) or for help: `recipe --json` must always mean JSON output.
  public static let reservedParameterNames: [String] = [
    "help", "version", "socket", "timeout", "json", "quiet",
  ]
}
