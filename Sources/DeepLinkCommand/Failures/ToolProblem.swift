public import DeepLinkRoutes

/// Something wrong with a route table for a command-line tool: a problem of the table itself,
/// or a name the tool needs for itself. Found by ``DeepLinkTool/problems``.
public enum ToolProblem: Hashable, Sendable, CustomStringConvertible {
  /// A problem of the declarations (`RouteTable.problems`).
  case table(TableProblem)
  /// A route named like one of the commands (`help`, `url`, …) or MCP tools (`screenshot`)
  /// of the tool called `tool`: unreachable.
  case reservedRouteName(String, tool: String)
  /// A parameter named like a global option (`--json`, `--socket`, …) of the tool called
  /// `tool`: `route --json` must always mean JSON output.
  case reservedParameterName(route: String, parameter: String, tool: String)

  /// The problem in one sentence, with the tool's name, for a test failure or a build log.
  public var description: String {
    switch self {
    case .table(let problem): problem.description
    case .reservedRouteName(let name, let tool) where CommandRegistry.command(named: name) != nil:
      "route '\(name)' is named like a \(tool) command: '\(tool) \(name)' runs the command, never the "
        + "route; rename the route"
    case .reservedRouteName(let name, let tool):
      "route '\(name)' is named like one of the MCP tools of '\(tool) mcp', which an agent could then "
        + "not tell apart; rename the route"
    case .reservedParameterName(let route, let parameter, let tool):
      "parameter '\(parameter)' of \(route) is named like a \(tool) global option (--\(parameter)); "
        + "rename the parameter"
    }
  }
}

extension DeepLinkTool {
  /// Names a route may not take: the tool's commands, and the tools `deeplink mcp` offers
  /// besides the routes (`screenshot`; `open_url` needs no reservation, a route name cannot
  /// hold an underscore).
  /// Made once: a routes file checks each of its routes against it.
  package static let reservedRouteNames: [String] =
    CommandRegistry.names
    + McpTool.fixedNames.filter { !$0.contains("_") && CommandRegistry.command(named: $0) == nil }

  /// Names a parameter may not take: the global options.
  package static let reservedParameterNames: [String] = GlobalOption.allCases.map(\.rawValue)

  /// Every problem this tool's table has as the table of a command-line tool called
  /// ``name``: the table's own, then the names the tool reserves, each in declaration order;
  /// empty for a sound table. Assert it is empty in a test of your own tool:
  ///
  ///     #expect(DeepLinkTool(name: "shop", table: .shop).problems == [])
  public var problems: [ToolProblem] {
    var problems: [ToolProblem] = []
    for route in builtIn.routes {
      if Self.reservedRouteNames.contains(route.name) {
        problems.append(.reservedRouteName(route.name, tool: name))
      }
      for parameter in route.parameters where Self.reservedParameterNames.contains(parameter.name) {
        problems.append(.reservedParameterName(route: route.name, parameter: parameter.name, tool: name))
      }
    }
    return builtIn.problems.map(ToolProblem.table) + problems
  }
}
