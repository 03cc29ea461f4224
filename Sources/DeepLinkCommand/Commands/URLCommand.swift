import DeepLinkRoutes
import DeepLinkWire

/// `deeplink url`: Print the URL of a link without sending it.
struct URLCommand: ToolCommand, Equatable {
  static let name = "url"
  static let synopsis = "<route> [--<option> <value>...]"
  static let summary = "Print the URL of a link without sending it"

  static let operands = CommandOperands.one("url takes a route and its options", completion: .route)

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    "Builds the link exactly as the route command would, and prints its URL instead of sending "
      + "it. No app is needed. The route's options are those of '\(tool.name) help <route>'."
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    let link = RouteExample.representative(in: table)
    return link.map { [("\(tool.name) url " + $0.commandLine, "prints " + table.url(for: $0))] }
      ?? []
  }

  /// The link whose URL to print.
  let link: Link

  /// `url` takes a route and the route's own options, which no declaration lists.
  static func parse(_ parser: inout InvocationParser) throws(UsageError) -> URLCommand {
    let next: String?
    do {
      next = try parser.nextWord(in: .command(name))
    } catch .unknownOption {
      // `deeplink url --id 1`: a route's option before the route it belongs to.
      throw .optionBeforeRoute(command: name)
    }
    guard let word = next else {
      throw .missingArgument(name, what: "a route")
    }
    guard let route = parser.table.route(named: word) else {
      if word.utf8.firstRange(of: "://".utf8) != nil { throw .urlGivenToURL(word) }
      throw .unknownRoute(word, suggestion: parser.table.suggestion(for: word))
    }
    return URLCommand(link: try parser.parseRoute(route, allowsGlobalOptions: true))
  }

  init(link: Link) {
    self.link = link
  }

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {
    preconditionFailure("url parses its route itself")
  }

  func run(in context: CommandContext) throws {
    // The URL a send would carry, under the same length limit: what `url` prints, a send
    // accepts.
    let url = context.table.url(for: link)
    do {
      try AppSession.checkFits(url: url)
    } catch {
      throw UsageError.invalidUse(error.message(for: context.tool) + "; the app would refuse it", hint: nil)
    }
    try context.write(
      context.options.json ? JSON.object([("url", .string(url))]).serialized + "\n" : url + "\n")
  }
}
