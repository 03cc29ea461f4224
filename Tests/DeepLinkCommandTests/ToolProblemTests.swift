import DeepLinkCommand
import DeepLinkRoutes
import RecipeSampleRoutes
import Testing

/// `DeepLinkTool.problems`: the names a command-line tool keeps for itself are checked by
/// the tool, on top of the table's own problems, and each message names the tool.
@Suite struct ToolProblemTests {
  static func route(_ name: String, _ parameters: [Parameter] = []) -> Route {
    Route(name, summary: "A test route", parameters: parameters)
  }

  static func problems(_ routes: [Route], tool: String = "deeplink") -> [ToolProblem] {
    DeepLinkTool(name: tool, table: RouteTable(routes: routes)).problems
  }

  @Test func theSampleTableIsSoundForATool() {
    #expect(DeepLinkTool(name: "deeplink", table: .recipeSample).problems == [])
  }

  @Test(
    "every command's name is refused as a route name",
    arguments: [
      "url", "open", "routes", "state", "screen", "wait", "batch", "targets", "approve", "mcp",
      "completions", "help", "version",
    ])
  func reservedRouteNames(_ name: String) {
    #expect(Self.problems([Self.route(name)]) == [.reservedRouteName(name, tool: "deeplink")])
    #expect(
      Self.problems([Self.route(name)]).map(\.description) == [
        "route '\(name)' is named like a deeplink command: 'deeplink \(name)' runs the command, never the "
          + "route; rename the route"
      ])
  }

  /// A tool of another name says its own name, and an MCP tool's name is not a command's.
  @Test func messagesNameTheToolAndWhatTheNameClashesWith() {
    let routes = [Self.route("screenshot"), Self.route("help", [.flag("json", help: "")])]
    #expect(
      Self.problems(routes, tool: "shop").map(\.description) == [
        "route 'screenshot' is named like one of the MCP tools of 'shop mcp', which an agent could then "
          + "not tell apart; rename the route",
        "route 'help' is named like a shop command: 'shop help' runs the command, never the route; "
          + "rename the route",
        "parameter 'json' of help is named like a shop global option (--json); rename the parameter",
      ])
  }

  @Test(
    "every global option's name is refused as a parameter name",
    arguments: ["help", "version", "socket", "timeout", "json", "quiet", "target", "package", "dry-run"])
  func reservedParameterNames(_ name: String) {
    let routes = [Self.route("home", [.flag(name, help: "")])]
    #expect(
      Self.problems(routes) == [.reservedParameterName(route: "home", parameter: name, tool: "deeplink")])
    #expect(
      Self.problems(routes).map(\.description) == [
        "parameter '\(name)' of home is named like a deeplink global option (--\(name)); rename the parameter"
      ])
  }

  @Test func theTablesOwnProblemsComeFirst() {
    #expect(
      Self.problems([Self.route("help"), Self.route("help"), Self.route("Bad")]) == [
        .table(.duplicateRoute("help")), .table(.invalidRouteName("Bad")),
        .reservedRouteName("help", tool: "deeplink"), .reservedRouteName("help", tool: "deeplink"),
      ])
  }

  @Test func theRouteTableItselfReservesNothing() {
    #expect(RouteTable(routes: [Self.route("help", [.flag("json", help: "")])]).problems == [])
  }
}
