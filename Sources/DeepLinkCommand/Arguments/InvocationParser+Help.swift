import DeepLinkRoutes

extension InvocationParser {
  /// The command or route names closest to `word`.
  func suggestion(for word: String) -> String? {
    Suggestion.closest(to: word, in: table.routes.map(\.name) + BuiltInCommand.allCases.map(\.name))
  }

  /// The help page `deeplink help <word>` shows.
  func topic(named word: String) throws(UsageError) -> HelpTopic {
    if let route = table.route(named: word) { return .route(route) }
    if let command = BuiltInCommand(rawValue: word) { return .command(command) }
    throw .unknownHelpTopic(word, suggestion: suggestion(for: word))
  }

  /// The topic of a line with `-h` or `--help`, found leniently: global options are skipped
  /// and nothing after the command is checked.
  mutating func helpTopic() throws(UsageError) -> HelpTopic {
    guard let word = lenientNextWord() else { return .topLevel }
    if let route = table.route(named: word) { return .route(route) }
    guard let command = BuiltInCommand(rawValue: word) else {
      throw .unknownCommand(word, suggestion: suggestion(for: word))
    }
    switch command {
    case .url:
      return lenientNextWord().flatMap { table.route(named: $0) }.map { .route($0) } ?? .command(.url)
    case .help:
      return try lenientNextWord().map { word throws(UsageError) in try topic(named: word) } ?? .topLevel
    default:
      return .command(command)
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
