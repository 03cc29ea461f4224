package import DeepLinkRoutes

/// Help pages, generated from the route table and the command declarations, wrapped to 80
/// columns.
///
///     HelpFormatter.text(
///       for: .route(RouteTable.recipeSample.route(named: "recipe")!), table: .recipeSample, tool: .deeplink)
///     // deeplink recipe — Show one recipe
///     //
///     // USAGE
///     //   deeplink recipe --id <integer> [<global options>]
///     // ...
package enum HelpFormatter {
  /// The help page of `topic`, as `tool` shows it, ending with a newline. `style` only makes
  /// headings bold.
  package static func text(
    for topic: HelpTopic, table: RouteTable, tool: ToolIdentity, style: Style = .plain
  ) -> String {
    let sections: [Section] =
      switch topic {
      case .topLevel: topLevel(table, tool: tool)
      case .command(let name): self.command(CommandRegistry.command(named: name)!, table: table, tool: tool)
      case .route(let route): self.route(route, table: table, tool: tool)
      }
    return TextLayout.joined(sections.map { $0.lines(style: style) }.joined(separator: [""]).map { $0 })
  }

  /// A block of help: an optional heading, then lines.
  struct Section {
    var heading: String?
    var lines: [String]

    init(_ heading: String, _ lines: [String]) {
      self.heading = heading
      self.lines = lines
    }

    init(_ lines: [String]) {
      self.heading = nil
      self.lines = lines
    }

    func lines(style: Style) -> [String] {
      (heading.map { [style.bold($0)] } ?? []) + lines
    }
  }

  // MARK: - Top level

  static func topLevel(_ table: RouteTable, tool: ToolIdentity) -> [Section] {
    let example = RouteExample.representative(in: table).map { " such as " + table.url(for: $0) } ?? ""
    let names = table.routes.map(\.name) + CommandRegistry.names
    let leftWidth = min(20, names.map(\.count).max() ?? 0)
    return [
      Section(title("\(tool.name) — drive a running app to any screen through its debug links")),
      Section(
        TextLayout.wrap(
          "Builds a debug link\(example) from the route table, sends it to the running app over a "
            + "Unix domain socket, waits until the app has applied it, and prints the screen the app "
            + "now shows. When \(tool.name) returns, the state is applied, or the exit code says why not."
        )),
      Section(
        "USAGE",
        [
          "  \(tool.name) <route> [--<option> <value>...] [<global options>]",
          "  \(tool.name) <command> [<arguments>] [<global options>]",
        ]),
      Section(
        "ROUTES",
        TextLayout.columns(table.routes.map { ($0.name, $0.summary) }, leftWidth: leftWidth)),
      Section(
        "COMMANDS",
        TextLayout.columns(CommandRegistry.commands.map { ($0.name, $0.summary) }, leftWidth: leftWidth)),
      Section(
        "GLOBAL OPTIONS",
        TextLayout.columns(GlobalOption.offered(by: tool).map { ($0.synopsis, $0.help(for: tool)) })),
      Section(
        "EXIT CODES",
        TextLayout.columns(ExitCode.allCases.map { (String($0.rawValue), $0.summary(for: tool)) })),
      Section(
        "ENVIRONMENT",
        TextLayout.columns(ToolEnvironment.offered(by: tool).map { ($0.name, $0.summary) })),
      Section(
        TextLayout.wrap(
          "Run '\(tool.name) help <route>' for a route's options, '\(tool.name) help <command>' for a "
            + "command's usage.")),
    ]
  }

  // MARK: - Routes

  static func route(_ route: Route, table: RouteTable, tool: ToolIdentity) -> [Section] {
    var sections = [
      Section(title("\(tool.name) \(route.name) — \(route.summary)")),
      Section(
        "USAGE",
        TextLayout.wrap(
          words: [tool.name, route.name] + route.parameters.map(\.usage) + ["[<global options>]"],
          indent: 2, hangingIndent: 4)),
    ]
    if !route.help.isEmpty {
      sections.append(Section(TextLayout.wrap(route.help)))
    }
    if !route.parameters.isEmpty {
      sections.append(
        Section(
          "OPTIONS",
          TextLayout.columns(route.parameters.map { ($0.synopsis, $0.help + "\n" + $0.facts) })))
    }
    var examples: [(String, String)] = []
    for link in [RouteExample.minimal(route), RouteExample.full(route)].compactMap({ $0 }) {
      examples.append(("\(tool.name) " + link.commandLine, "sends " + table.url(for: link)))
    }
    if let link = RouteExample.minimal(route) {
      examples.append(("\(tool.name) url " + link.commandLine, "prints the URL without sending it"))
    }
    sections.append(Section("EXAMPLES", exampleLines(examples)))
    sections.append(globalOptionsReminder(tool))
    return sections
  }

  // MARK: - Commands

  static func command(_ command: any ToolCommand.Type, table: RouteTable, tool: ToolIdentity) -> [Section] {
    var sections = [
      Section(title("\(tool.name) \(command.name) — \(command.summary)")),
      Section(
        "USAGE",
        [
          (["  \(tool.name)", command.name, command.synopsis, "[<global options>]"].filter {
            !$0.isEmpty
          })
          .joined(separator: " ")
        ]),
      Section(TextLayout.wrap(command.details(for: table, tool: tool))),
    ]
    if !command.subcommands.isEmpty {
      sections.append(
        Section("SUBCOMMANDS", TextLayout.columns(command.subcommands.map { ($0.name, $0.summary) })))
    }
    if !command.options.isEmpty {
      sections.append(Section("OPTIONS", TextLayout.columns(command.options.map { ($0.synopsis, $0.help) })))
    }
    let examples = command.examples(in: table, tool: tool)
    if !examples.isEmpty {
      sections.append(Section("EXAMPLES", exampleLines(examples)))
    }
    sections.append(globalOptionsReminder(tool))
    return sections
  }

  // MARK: - Helpers

  /// The global options `tool` offers that change how a command runs: `--socket, --timeout,
  /// --json, --quiet`.
  private static func globalFlags(_ tool: ToolIdentity) -> String {
    GlobalOption.offered(by: tool).filter { !$0.replacesCommand }.map(\.flag).joined(separator: ", ")
  }

  /// The last paragraph of a route's or a command's page.
  private static func globalOptionsReminder(_ tool: ToolIdentity) -> Section {
    Section(
      TextLayout.wrap(
        "The global options (\(globalFlags(tool))) work here too; run '\(tool.name) help' for them."))
  }

  /// A page's first line, wrapped.
  private static func title(_ text: String) -> [String] {
    TextLayout.wrap(words: text.split(separator: " ").map(String.init), hangingIndent: 2)
  }

  /// A shell command, indented, wrapped with ` \` continuations at spaces outside quotes so
  /// that it can still be pasted.
  static func commandLines(_ command: String) -> [String] {
    var words: [String] = []
    var quoted = false
    // Split at space scalars and quotes counted as scalars: a quote or space followed by a
    // combining mark is one `Character`, which a `Character` split would not see.
    for piece in command.unicodeScalars.split(separator: " ", omittingEmptySubsequences: false) {
      let text = String(String.UnicodeScalarView(piece))
      if quoted, let last = words.popLast() {
        words.append(last + " " + text)
      } else {
        words.append(text)
      }
      if piece.filter({ $0 == "'" }).count % 2 == 1 { quoted.toggle() }
    }
    let lines = TextLayout.wrap(words: words, indent: 2, hangingIndent: 4, width: TextLayout.width - 2)
    return lines.enumerated().map { $0.offset < lines.count - 1 ? $0.element + " \\" : $0.element }
  }

  /// Each example's command line, then what it does indented below.
  private static func exampleLines(_ examples: [(command: String, comment: String)]) -> [String] {
    examples.flatMap { example in
      commandLines(example.command)
        + (example.comment.isEmpty
          ? []
          : example.comment.split(separator: "\n").flatMap {
            TextLayout.wrap(String($0), indent: 6)
          })
    }
  }
}
