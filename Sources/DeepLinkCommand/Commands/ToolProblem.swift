public import DeepLinkRoutes

/// Something wrong with a route table for a command-line tool: a problem of the table itself,
/// or a name the tool needs for itself. Found by ``DeepLinkTool/problems(in:)``.
public enum ToolProblem: Hashable, Sendable, CustomStringConvertible {
  /// A problem of the declarations (``RouteTable/problems``).
  case table(TableProblem)
  /// A route named like one of the tool's commands (`help`, `url`, …) or MCP tools
  /// (`screenshot`): unreachable.
  case reservedRouteName(String)
  /// A parameter named like a global option (`--json`, `--socket`, …): `route --json` must
  /// always mean JSON output.
  case reservedParameterName(route: String, parameter: String)

  /// The problem in one sentence, for a test failure or a build log.
  public var description: String {
    switch self {
    case .table(let problem): problem.description
    case .reservedRouteName(let name): "route '\(name)' is named like a \(ToolName.current) command"
    case .reservedParameterName(let route, let parameter):
      "parameter '\(parameter)' of \(route) is named like a \(ToolName.current) global option (--\(parameter))"
    }
  }
}

extension DeepLinkTool {
  /// Names a route may not take: the tool's commands, and the tools `deeplink mcp` offers
  /// besides the routes (`screenshot`; `open_url` needs no reservation, a route name cannot
  /// hold an underscore).
  /// Made once: a routes file checks each of its routes against it.
  package static let reservedRouteNames: [String] =
    BuiltInCommand.allCases.map(\.name)
    + McpTool.fixedNames.filter { !$0.contains("_") && BuiltInCommand(rawValue: $0) == nil }

  /// Names a parameter may not take: the global options.
  package static let reservedParameterNames: [String] = GlobalOption.allCases.map(\.rawValue)

  /// Every problem `table` has as the table of a command-line tool: the table's own, then the
  /// names the tool reserves, each in declaration order; empty for a sound table. Assert it is
  /// empty in a test of your own table.
  public static func problems(in table: RouteTable) -> [ToolProblem] {
    var problems: [ToolProblem] = []
    let tableProblems = table.problems
    for route in table.routes {
      if reservedRouteNames.contains(route.name) { problems.append(.reservedRouteName(route.name)) }
      for parameter in route.parameters where reservedParameterNames.contains(parameter.name) {
        problems.append(.reservedParameterName(route: route.name, parameter: parameter.name))
      }
    }
    return tableProblems.map(ToolProblem.table) + problems
  }
}
