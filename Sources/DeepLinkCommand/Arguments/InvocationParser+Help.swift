import DeepLinkRoutes

extension InvocationParser {
  /// The command or route names closest to `word`.
  static func suggestion(for word: String, table: RouteTable) -> String? {
    Suggestion.closest(to: word, in: table.routes.map(\.name) + CommandRegistry.names)
  }

  /// The topic of a line with `-h` or `--help`, found leniently: global options are skipped
  /// and nothing after the command is checked.
  mutating func helpTopic() throws(UsageError) -> HelpTopic {
    guard let word = lenientNextWord() else { return .topLevel }
    if let route = table.route(named: word) { return .route(route) }
    guard let command = CommandRegistry.command(named: word) else {
      throw .unknownCommand(word, suggestion: Self.suggestion(for: word, table: table))
    }
    switch command.name {
    case URLCommand.name:
      return lenientNextWord().flatMap { table.route(named: $0) }.map { .route($0) } ?? .command(command.name)
    case HelpCommand.name:
      return try lenientNextWord().map { word throws(UsageError) in try HelpTopic(named: word, table: table) }
        ?? .topLevel
    default:
      var probe = self
      guard !command.subcommands.isEmpty, let word = probe.lenientNextWord(),
        let subcommand = CommandRegistry.subcommand(of: command, named: word)
      else { return .command(command.name) }
      return .command(subcommand.name)
    }
  }

  /// The next word before `--`, skipping options and the values of global options.
  mutating func lenientNextWord() -> String? {
    while position < tokens.count {
      let token = tokens[position]
      position += 1
      switch token {
      case .argument(let word): return word
      case .terminator: return nil
      case .longOption(let name, nil) where GlobalOption(rawValue: name)?.valueName != nil:
        _ = takeValue()
      case .longOption, .shortOption: continue
      }
    }
    return nil
  }
}
