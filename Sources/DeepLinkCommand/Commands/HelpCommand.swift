import DeepLinkRoutes
import DeepLinkWire

/// `deeplink help`: Show help for a command or a route.
struct HelpCommand: ToolCommand, Equatable {
  static let name = "help"
  static let synopsis = "[<command> | <route>]"
  static let summary = "Show help for a command or a route"

  /// One word, or a command and its subcommand's word (`help mcp install`).
  static let operands = CommandOperands(
    maximum: 2, takes: "help takes one command or route", completion: .topic)

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    "Shows the help of a command or a route; without one, the overview. '-h' or '--help' "
      + "after any command shows the same page."
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    let link = RouteExample.representative(in: table)
    guard let route = link?.route else { return [("\(tool.name) help", "the overview")] }
    return [
      ("\(tool.name) help \(route.name)", "the options of \(route.name)"),
      ("\(tool.name) \(route.name) --help", "the same"),
    ]
  }

  /// What the page is about.
  let topic: HelpTopic

  init(_ topic: HelpTopic) {
    self.topic = topic
  }

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {
    guard let word = arguments.words.first else {
      topic = .topLevel
      return
    }
    let topic = try HelpTopic(named: word, table: table)
    guard arguments.words.count > 1 else {
      self.topic = topic
      return
    }
    let second = arguments.words[1]
    guard case .command(let name) = topic, let command = CommandRegistry.command(named: name),
      let subcommand = CommandRegistry.subcommand(of: command, named: second)
    else {
      throw .unexpectedArgument(second, in: .command(Self.name), expected: Self.operands.takes ?? "")
    }
    self.topic = .command(subcommand.name)
  }

  func run(in context: CommandContext) throws {
    guard !context.options.json else {
      try context.write(
        JSON.object([
          ("help", .string(HelpFormatter.text(for: topic, table: context.table, tool: context.tool)))
        ]).pretty + "\n")
      return
    }
    try context.write(
      HelpFormatter.text(
        for: topic, table: context.table, tool: context.tool,
        style: Style(isTTY: context.output.stdoutIsTerminal, environment: context.environment)))
  }
}
