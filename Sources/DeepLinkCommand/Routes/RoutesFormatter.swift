package import DeepLinkRoutes
package import DeepLinkWire

/// The output of `deeplink routes`: the route table as text, JSON or Markdown.
package enum RoutesFormatter {
  /// The output in `format`, ending with a newline. The table for people starts with a line
  /// saying which table it is and where it came from; JSON and Markdown are the table alone
  /// (JSON is the routes file format, Markdown README's reference).
  ///
  /// - Parameters:
  ///   - androidPackage: the routes file's `android.package`, printed in JSON after the
  ///     routes (the key order of the format), so that an exported file keeps it.
  ///   - iosBundleID: the routes file's (or the tool's) `ios.bundleId`, likewise.
  ///   - tool: the tool whose command lines the Markdown shows.
  package static func text(
    _ format: RoutesFormat, table: RouteTable, source: TableSource = .builtIn, androidPackage: String? = nil,
    iosBundleID: String? = nil, tool: ToolIdentity
  ) -> String {
    switch format {
    case .table: heading(table, source: source) + "\n\n" + self.table(table)
    case .json:
      json(table: table, androidPackage: androidPackage, iosBundleID: iosBundleID, source: source).pretty
        + "\n"
    case .markdown: markdown(table: table, tool: tool)
    }
  }

  /// `Routes of debug://, table 1a2b3c4d5e6f7a8b, built in`.
  package static func heading(_ table: RouteTable, source: TableSource) -> String {
    "Routes of \(table.scheme)://, table \(table.version), \(source.description)"
  }

  /// An aligned table: each route with its summary, its options below it.
  ///
  ///     recipe           Show one recipe
  ///                      --id <integer>               required, 1 to 999999
  package static func table(_ table: RouteTable) -> String {
    let leftWidth = min(20, table.routes.map(\.name.count).max() ?? 0)
    let optionWidth = min(30, table.routes.flatMap(\.parameters).map(\.synopsis.count).max() ?? 0)
    var lines: [String] = []
    for route in table.routes {
      lines += TextLayout.columns([(route.name, route.summary)], indent: 0, leftWidth: leftWidth)
      lines += TextLayout.columns(
        route.parameters.map { ($0.synopsis, $0.compactFacts) }, indent: leftWidth + 2, leftWidth: optionWidth
      )
    }
    return TextLayout.joined(lines)
  }

  /// For machines: the routes-file format (``RoutesDocument``), the same document an app's
  /// agent answers to `{"op":"table"}`.
  ///
  ///     {"scheme":"debug","version":"…","routes":[{"name":"recipe","summary":"Show one recipe",
  ///      "help":"…","parameters":[{"name":"id","type":"integer","required":true,"default":null,
  ///      "choices":null,"range":{"min":1,"max":999999},"help":"Recipe id"}]}, …]}
  package static func json(
    table: RouteTable, androidPackage: String? = nil, iosBundleID: String? = nil, source: TableSource? = nil
  ) -> JSON {
    let document = RoutesDocument.json(table: table, androidPackage: androidPackage, iosBundleID: iosBundleID)
    guard let source, case .object(var members) = document,
      let version = members.firstIndex(where: { $0.key == "version" })
    else { return document }
    // Where the table came from, after its fingerprint: read by people and scripts, ignored by
    // the routes-file reader, so an export still reads back.
    members.insert(JSON.Member("source", .string(source.description)), at: version + 1)
    return .object(members)
  }

  /// A route reference for a README: a table of routes with an example command and the URL
  /// it sends, then a table of their options. The sample's guide (`docs/sample-app.md`) holds
  /// this output between `<!-- routes:begin -->` and `<!-- routes:end -->`, and a test checks
  /// that they agree.
  package static func markdown(table: RouteTable, tool: ToolIdentity) -> String {
    var lines = [
      "| Route | Summary | Example | Sends |",
      "| --- | --- | --- | --- |",
    ]
    for route in table.routes {
      let link = RouteExample.minimal(route)
      lines.append(
        row([
          code(route.name), route.summary, link.map { code(tool.name + " " + $0.commandLine) } ?? "",
          link.map { code(table.url(for: $0)) } ?? "",
        ]))
    }
    let parameters = table.routes.flatMap { route in route.parameters.map { (route, $0) } }
    if !parameters.isEmpty {
      lines += [
        "",
        "Options of the routes; in a URL, the same names without dashes are query keys.",
        "",
        "| Route | Option | Type | Default | Description |",
        "| --- | --- | --- | --- | --- |",
      ]
      for (route, parameter) in parameters {
        let type: String =
          switch parameter.type {
          case .integer(let range?): "integer, \(range.lowerBound) to \(range.upperBound)"
          case .choice(let choices): "one of " + choices.map(code).joined(separator: ", ")
          case .integer(nil), .string, .boolean: parameter.type.name
          }
        let defaultValue = parameter.defaultValue.map { code($0.text) } ?? "required"
        lines.append(
          row([code(route.name), code("--" + parameter.name), type, defaultValue, parameter.help]))
      }
    }
    return TextLayout.joined(lines)
  }

  private static func row(_ cells: [String]) -> String {
    "| "
      + cells.map { $0.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
      .joined(separator: " | ") + " |"
  }

  /// A code span; an empty text shows as `""`.
  private static func code(_ text: String) -> String {
    text.isEmpty ? "`\"\"`" : "`" + text + "`"
  }
}
