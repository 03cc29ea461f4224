import DeepLinkRoutes
import DeepLinkWire

/// A route named in a tool call with its arguments, `{"route": NAME, "arguments": {…}}`: the
/// input of the `open` tool, and the route of the `launch` tool. Read against the table the
/// call is checked with, so a route the app added after the client listed its tools is found,
/// and checked exactly as the route's own tool and `deeplink <route>` check it.
///
///     try McpOpenInput.link([("route", .string("recipe")), ("arguments", .object([("id", .int(42))]))],
///       table: .recipeSample)
///     // debug://recipe?id=42
enum McpOpenInput {
  /// The arguments' names, as ``McpToolSchema/openInput(names:)`` declares them.
  static let route = "route"
  static let arguments = "arguments"

  /// The link of the `open` tool's `arguments`.
  ///
  /// - Throws: the first mistake, as a tool error: an argument besides `route` and
  ///   `arguments`, no route, what ``link(named:arguments:table:)`` throws.
  static func link(_ input: [(String, JSON)], table: RouteTable) throws(McpToolCallError) -> Link {
    let known = [route, arguments]
    try McpServedTools.reject(input.filter { !known.contains($0.0) }, of: McpTool.open.name, takes: known)
    func value(_ name: String) -> JSON? {
      input.last { $0.0 == name && $0.1 != .null }?.1
    }
    guard let name = value(route) else {
      throw .usage(
        .missingArgument(
          McpTool.open.name,
          what:
            "'\(route)', a route's name, such as {\"\(route)\":\"\(table.routes.first?.name ?? "settings")\"}"
        ))
    }
    return try link(named: name, arguments: value(arguments), table: table)
  }

  /// The link of the route called `name` with `given`, its arguments by name.
  ///
  /// - Throws: a tool error for a name that is not a string, an unknown route (with the
  ///   command line's suggestion), arguments that are not an object, and what the route's
  ///   own tool throws for its arguments.
  static func link(named name: JSON, arguments given: JSON?, table: RouteTable) throws(McpToolCallError)
    -> Link
  {
    guard let word = name.stringValue else {
      throw .arguments(.notAValue(name: route, kind: name.kindName, expected: "a route's name"))
    }
    guard let found = table.route(named: word) else {
      throw .usage(.unknownRoute(word, suggestion: table.suggestion(for: word)))
    }
    let members: [(String, JSON)]
    switch given {
    case nil, .null?: members = []
    case .object(let object)?: members = object.map { ($0.key, $0.value) }
    case let other?:
      throw .arguments(.notAValue(name: arguments, kind: other.kindName, expected: "an object"))
    }
    return try McpToolArguments.link(for: found, members, table: table)
  }
}
