/// Which tools `deeplink mcp` lists for a table (`--tools`): one per route, or only the tools
/// that reach every route by name.
///
/// A tool list is read by the model in every conversation, so its size is a cost: the sample
/// table's per-route list is about 7 kB, a 200-route table's would be about 150 kB. Above
/// ``perRouteLimit`` routes the default is ``compact``: `routes` lists them and `open` applies
/// any of them, its `route` an `enum` of the names.
enum McpToolSet: String, CaseIterable, Sendable {
  /// A tool per route, then the tools besides the routes.
  case perRoute = "per-route"
  /// No route tools: `routes` and `open` reach every route.
  case compact

  /// `--tools`.
  static let flag = "--tools"

  /// The most routes for which the default is ``perRoute``.
  static let perRouteLimit = 40

  /// The set for a table of `routes` routes when `--tools` is not given.
  static func automatic(routes: Int) -> McpToolSet {
    routes <= perRouteLimit ? .perRoute : .compact
  }
}
