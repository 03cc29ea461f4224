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
    guard let word = arguments.words.first else {
      throw .missingArgument(Self.name, what: "a URL, such as \(table.scheme)://<route>?<name>=<value>")
    }
    do {
      link = try table.parse(word)
    } catch {
      throw .invalidLink(error)
    }
  }

  func run(in context: CommandContext) throws {
    try LinkCommand(link: link).run(in: context)
  }
}
