import DeepLinkRoutes
import DeepLinkWire

/// The result text of the `routes` tool: the current table's routes as a model reads them,
/// each with its parameters (JSON type, range or choices, required or default, help), its link
/// template and an example call of `open`.
///
///     recipe: Show one recipe. Opens the detail screen of a recipe.
///       link: debug://recipe?id=<id>
///       id: integer from 1 to 999999, required. Recipe id
///       open {"route":"recipe","arguments":{"id":1}} sends debug://recipe?id=1
///
/// At most ``maximumBytes``: the routes that do not fit are named after the last one shown,
/// as many as fit in ``maximumNamesBytes`` more, so that a table of thousands of routes
/// costs a bounded result.
enum McpRouteList {
  /// The most bytes of route descriptions in one result.
  static let maximumBytes = 48 * 1024
  /// The most bytes of the names of the routes not described.
  static let maximumNamesBytes = 8 * 1024

  static func text(of table: RouteTable) -> String {
    let count = table.routes.count
    var text =
      "Routes of \(table.scheme)://, table \(table.version): \(count) route\(count == 1 ? "" : "s"). "
      + "Apply one with the tool 'open', {\"route\": NAME, \"arguments\": {…}}"
      + (count == 0 ? "." : ":") + "\n"
    var shown = 0
    for route in table.routes {
      let entry = "\n" + self.entry(route, in: table)
      guard text.utf8.count + entry.utf8.count <= maximumBytes else { break }
      text += entry
      shown += 1
    }
    guard shown < count else { return text }
    text +=
      "\n\(count - shown) more routes, not described here (the list is limited to \(maximumBytes / 1024) KiB); "
    text += "'open' applies any of them, and an unknown one's error names the closest: "
    var names: [String] = []
    var bytes = 0
    for route in table.routes[shown...] {
      guard bytes + route.name.utf8.count + 2 <= maximumNamesBytes else { break }
      names.append(route.name)
      bytes += route.name.utf8.count + 2
    }
    text += names.joined(separator: ", ")
    let unnamed = count - shown - names.count
    return text + (unnamed > 0 ? ", and \(unnamed) more.\n" : ".\n")
  }

  /// One route: its name and summary, help, link template, parameters and an example.
  static func entry(_ route: Route, in table: RouteTable) -> String {
    var lines = [route.name + ": " + route.summary + "." + (route.help.isEmpty ? "" : " " + route.help)]
    lines.append("  link: " + McpTool.linkTemplate(of: route, in: table))
    for parameter in route.parameters {
      lines.append(
        "  \(parameter.name): \(describe(parameter))" + (parameter.help.isEmpty ? "" : ". " + parameter.help))
    }
    if let example = RouteExample.full(route) ?? RouteExample.minimal(route) {
      var call: [(String, JSON)] = [(McpOpenInput.route, .string(route.name))]
      if !route.parameters.isEmpty { call.append((McpOpenInput.arguments, McpTool.arguments(of: example))) }
      lines.append("  open \(JSON.object(call).serialized) sends \(table.url(for: example))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `integer from 1 to 999999, required`, `one of "name", "newest", default "name"`.
  static func describe(_ parameter: Parameter) -> String {
    var text: String
    switch parameter.type {
    case .integer(let range?): text = "integer from \(range.lowerBound) to \(range.upperBound)"
    case .integer(nil): text = "integer"
    case .string: text = "string"
    case .boolean: text = "boolean"
    case .choice(let choices):
      text = "one of " + choices.map { JSON.string($0).serialized }.joined(separator: ", ")
    }
    if let value = parameter.defaultValue {
      text += ", default " + McpToolSchema.json(value).serialized
    } else {
      text += ", required"
    }
    return text
  }
}
