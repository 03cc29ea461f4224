import DeepLinkCommand
import DeepLinkRoutes
import RecipeRoutes
import Testing

/// `DeepLinkTool.problems(in:)`: the names a command-line tool keeps for itself are checked by
/// the tool, on top of the table's own problems.
@Suite struct ToolProblemTests {
  static func route(_ name: String, _ parameters: [Parameter] = []) -> Route {
    Route(name, summary: "A test route", parameters: parameters)
  }

  @Test func theSampleTableIsSoundForATool() {
    #expect(DeepLinkTool.problems(in: .builtIn) == [])
  }

  @Test(
    "every command's name is refused as a route name",
    arguments: [
      "url", "open", "routes", "state", "screen", "wait", "batch", "targets", "approve", "completions",
      "help",
      "version",
    ])
  func reservedRouteNames(_ name: String) {
    #expect(DeepLinkTool.problems(in: RouteTable(routes: [Self.route(name)])) == [.reservedRouteName(name)])
    #expect(
      DeepLinkTool.problems(in: RouteTable(routes: [Self.route(name)])).map(\.description) == [
        "route '\(name)' is named like a deeplink command"
      ])
  }

  @Test(
    "every global option's name is refused as a parameter name",
    arguments: ["help", "version", "socket", "timeout", "json", "quiet", "target", "package", "dry-run"])
  func reservedParameterNames(_ name: String) {
    let table = RouteTable(routes: [Self.route("home", [.flag(name, help: "")])])
    #expect(DeepLinkTool.problems(in: table) == [.reservedParameterName(route: "home", parameter: name)])
    #expect(
      DeepLinkTool.problems(in: table).map(\.description) == [
        "parameter '\(name)' of home is named like a deeplink global option (--\(name))"
      ])
  }

  @Test func theTablesOwnProblemsComeFirst() {
    let table = RouteTable(routes: [Self.route("help"), Self.route("help"), Self.route("Bad")])
    #expect(
      DeepLinkTool.problems(in: table) == [
        .table(.duplicateRoute("help")), .table(.invalidRouteName("Bad")), .reservedRouteName("help"),
        .reservedRouteName("help"),
      ])
  }

  @Test func theRouteTableItselfReservesNothing() {
    #expect(RouteTable(routes: [Self.route("help", [.flag("json", help: "")])]).problems == [])
  }
}
