import DeepLinkRoutes
import DeepLinkWire

/// `deeplink open`: Send a raw debug URL, checked against the route table first.
struct OpenCommand: ToolCommand, Equatable {
  static let name = "open"
  static let synopsis = "<url>"
  static let summary = "Send a raw debug URL, checked against the route table first"

  static let operands = CommandOperands.one("open takes one URL", completion: .free)

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    "Sends a URL as written, for links copied from elsewhere. The URL is checked against the "
      + "route table first: a link the table does not know is a usage error and is not sent. "
      + "The app gets the link's canonical form\(canonicalExample(in: table)); --dry-run prints that "
      + "form and sends nothing, no app needed. "
      + "Put '--' before a URL that starts with a dash."
  }

  static var options: [CommandOption] {
    [CommandOption(.dryRun, help: "Print the canonical URL the app would get; send nothing, no app needed")]
  }

  /// ` (DEBUG://Recipe/?id=42 goes as debug://recipe?id=42)`: a link of `table` written in
  /// capitals with a trailing slash, and its canonical form; nothing for an empty table.
  static func canonicalExample(in table: RouteTable) -> String {
    guard let link = RouteExample.representative(in: table) else { return "" }
    let url = table.url(for: link)
    let name = link.route.name
    let rest = url.dropFirst(table.scheme.count + "://".count + name.count)
    let capitalized = name.prefix(1).uppercased() + name.dropFirst()
    let shouted = table.scheme.uppercased() + "://" + capitalized + "/" + rest
    return " (\(shouted) goes as \(url))"
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    let link = RouteExample.representative(in: table)
    return link.map {
      [
        (
          "\(tool.name) open " + ShellQuoting.quote(table.url(for: $0)),
          "sends the link, as '\(tool.name) \($0.commandLine)' does"
        )
      ]
    } ?? []
  }

  /// The link the URL names, checked against the table.
  let link: Link

  static let takesKeep = true

  init(link: Link) {
    self.link = link
  }

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {
    link = try Self.link(arguments.words.first, table: table)
  }

  /// The link `url` names, checked against `table`: what `open` and the `open_url` tool send.
  ///
  /// - Throws: a usage error for no URL, or one the table does not know.
  static func link(_ url: String?, table: RouteTable) throws(UsageError) -> Link {
    guard let url else {
      throw .missingArgument(Self.name, what: "a URL, such as \(table.scheme)://<route>?<name>=<value>")
    }
    do {
      return try table.parse(url)
    } catch {
      throw .invalidLink(error)
    }
  }

  func run(in context: CommandContext) throws {
    try LinkCommand(link: link).run(in: context)
  }
}

extension OpenCommand: McpToolCommand {
  static var mcpTools: [McpTool] { [.open, .openURL] }
}

extension McpTool {
  /// `open`: sends the link of any route of the table, named in its arguments.
  static let open = McpTool(
    command: OpenCommand.self, title: "Open any route", effect: .appliesLink,
    input: { table, set in McpToolSchema.openInput(names: set == .compact ? table.routes.map(\.name) : nil) },
    describe: { _, _ in
      "Applies any route of the app's current table, as its own tool would: 'route' is "
        + "its name and 'arguments' its parameters by name (see 'routes'), checked as on the "
        + "command line. Sends the route's link, waits until the app applied it and returns the "
        + "screen it then shows."
    },
    call: { call throws(McpToolCallError) in
      try call.open(McpOpenInput.link(call.arguments, table: call.table))
    })

  /// `open_url`: sends a raw URL, checked against the table first, as `deeplink open` does.
  static let openURL = McpTool(
    name: "open_url", title: "Open a debug URL", effect: .appliesLink,
    input: { _, _ in McpToolSchema.openURLInput },
    describe: { table, _ in
      "Sends a raw debug URL such as \(table.scheme)://settings, checked against the route table "
        + "first: a URL the table does not know is an error and is not sent. Prefer the route "
        + "tools or 'open', whose arguments are typed."
    },
    call: { call throws(McpToolCallError) in
      try call.reject(
        arguments: call.arguments.filter { $0.0 != "url" }, of: OpenCommand.name, takes: ["--url"])
      let value = call.arguments.first { $0.0 == "url" }?.1
      if let value, value != .null, value.stringValue == nil {
        throw .arguments(.notAValue(name: "url", kind: value.kindName, expected: "a string"))
      }
      let link: Link
      do throws(UsageError) {
        link = try OpenCommand.link(value?.stringValue, table: call.table)
      } catch {
        throw .usage(error)
      }
      return try call.open(link)
    })
}
