import DeepLinkRoutes
import DeepLinkWire

/// `deeplink routes`: List the routes, as a table, JSON or Markdown.
struct RoutesCommand: ToolCommand, Equatable {
  static let name = "routes"
  static let synopsis = "[--json | --markdown]"
  static let summary = "List the routes, as a table, JSON or Markdown"

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    "Lists every route of the table with its options, after a line naming the table and "
      + "where it came from. --json gives the scheme, the table's version and each route's "
      + "name, summary, help and parameters (name, type, required, default, choices, range, "
      + "help); --markdown gives a route reference for a README.\n\n"
      + (tool.readsRoutesFiles
        ? ""
        : "The --json output is the format of the routes files the generic deeplink reads, "
          + "to send this tool's links without it.")
      + (!tool.readsRoutesFiles
        ? ""
        : "The --json output is also the format of a routes file, which gives deeplink the "
          + "routes of an app it was not built with: --routes FILE, else $DEEPLINK_ROUTES, else "
          + "deeplink.routes.json in the current directory or the nearest parent, else the "
          + "built-in table. In a routes file 'version' is recomputed, never read; 'scheme' "
          + "(default debug), 'summary', 'help', 'parameters', 'required' and 'default' may be "
          + "left out (a boolean without a default is a flag, false unless given; 'required' "
          + "is true when there is no default); 'choices' is for type choice, 'range' "
          + "({\"min\": 1, \"max\": 99}) for type integer. An unknown key, type or name, a "
          + "duplicate, or a default outside its range or choices is an error (exit 64) naming "
          + "the file and the place in it.")
  }

  static var options: [CommandOption] {
    [
      CommandOption(.json, help: "Print the routes as JSON"),
      CommandOption(Self.markdownFlag, help: "Print the route reference as Markdown"),
    ]
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    return [
      ("\(tool.name) routes", "lists the routes"),
      ("\(tool.name) routes --json", "the same, for machines"),
      ("\(tool.name) routes --markdown", "a route reference for a README"),
    ]
  }

  /// `--markdown`: a route reference for a README.
  static let markdownFlag = "--markdown"

  /// How to print the table.
  let format: RoutesFormat

  init(format: RoutesFormat) {
    self.format = format
  }

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {
    guard arguments.has(Self.markdownFlag) else {
      format = arguments.options.json ? .json : .table
      return
    }
    if arguments.options.json {
      throw .conflictingOptions(GlobalOption.json.flag, Self.markdownFlag, in: .command(Self.name))
    }
    format = .markdown
  }

  func run(in context: CommandContext) throws {
    try context.write(
      RoutesFormatter.text(
        format, table: context.table, source: context.source, androidPackage: context.androidPackage,
        iosBundleID: context.iosBundleID, tool: context.tool))
  }
}

extension RoutesCommand: McpToolCommand {
  static var mcpTools: [McpTool] { [.routes] }
}

extension McpTool {
  /// `routes`: the table's routes as text: names, parameters, types, ranges, defaults, link
  /// templates.
  static let routes = McpTool(
    command: RoutesCommand.self, title: "List the app's routes", effect: .readsOnly,
    input: { _, _ in McpToolSchema.noArguments },
    describe: { _, _ in
      "Lists the routes of the app's current table as text: each route's name, summary, "
        + "parameters (type, range, choices, default) and link. Use it when the route you need "
        + "is not among the tools (the app may have been rebuilt since the tools were listed), "
        + "then apply it with 'open'. Changes nothing."
    },
    call: { call throws(McpToolCallError) in
      try call.reject(of: RoutesCommand.name, takes: [])
      return McpServedTools.success(content: [McpServedTools.text(McpRouteList.text(of: call.table))])
    })
}
