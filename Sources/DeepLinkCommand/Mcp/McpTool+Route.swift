import DeepLinkRoutes
import DeepLinkWire

extension McpTool {
  /// The tool of `route`: named after it, its arguments the route's parameters, its call
  /// sending the route's link. Derived from the table, so a table's tools follow its routes.
  static func route(_ route: Route) -> McpTool {
    McpTool(
      name: route.name, title: route.summary, effect: .appliesLink,
      input: { _, _ in McpToolSchema.input(for: route) },
      describe: { table, _ in description(of: route, in: table) },
      call: { call throws(McpToolCallError) in
        try call.open(McpToolArguments.link(for: route, call.arguments, table: call.table))
      })
  }

  /// A route tool's description: the route's summary and help, its link template and, for a
  /// route with parameters, an example call and the link it sends.
  static func description(of route: Route, in table: RouteTable) -> String {
    var text = route.summary + "."
    if !route.help.isEmpty { text += " " + route.help }
    text += " Sends " + linkTemplate(of: route, in: table)
    if let example = RouteExample.full(route) ?? RouteExample.minimal(route), !route.parameters.isEmpty {
      text += " (\(arguments(of: example).serialized) sends \(table.url(for: example)))"
    }
    return text + "."
  }

  /// `debug://recipe?id=<id>`: the route's link with a placeholder for each parameter.
  static func linkTemplate(of route: Route, in table: RouteTable) -> String {
    let template = route.parameters.map { "\($0.name)=<\($0.name)>" }.joined(separator: "&")
    return "\(table.scheme)://\(route.name)\(template.isEmpty ? "" : "?" + template)"
  }

  /// `{"id":1}`: a link's values as the arguments of the route's tool.
  static func arguments(of link: Link) -> JSON {
    .object(zip(link.route.parameters, link.values).map { ($0.name, McpToolSchema.json($1)) })
  }
}
