import DeepLinkRoutes

/// Interprets tokens: finds the command, collects the global options, and turns a route's
/// options into `(name, text?)` pairs for `Route.bind`. See ``Invocation/parse(_:table:)``
/// for the rules; batch lines use ``parseRoute(_:allowsGlobalOptions:)`` too.
struct InvocationParser {
  let tokens: [ArgumentToken]
  let table: RouteTable
  private var position = 0
  private var options = GlobalOptions()
  private var givenOptions: Set<GlobalOption> = []

  init(tokens: [ArgumentToken], table: RouteTable) {
    self.tokens = tokens
    self.table = table
  }

  mutating func parse() throws(UsageError) -> Invocation {
    let beforeTerminator = tokens.prefix(while: { $0 != .terminator })
    if beforeTerminator.contains(where: \.isHelp) {
      return Invocation(.help(try helpTopic()))
    }
    if beforeTerminator.contains(where: \.isVersion) {
      return Invocation(.version)
    }
    guard let word = try nextWord(in: .topLevel) else {
      return Invocation(.help(.topLevel), options: options)
    }
    let command: Command
    if let route = table.route(named: word) {
      command = .link(try parseRoute(route, allowsGlobalOptions: true))
    } else if let builtIn = BuiltInCommand(rawValue: word) {
      command = try parse(builtIn)
    } else {
      throw .unknownCommand(word, suggestion: suggestion(for: word))
    }
    return Invocation(command, options: options)
  }

  // MARK: - Commands

  private mutating func parse(_ command: BuiltInCommand) throws(UsageError) -> Command {
    if command == .url {
      guard let word = try nextWord(in: .command(.url)) else {
        throw .missingArgument(.url, what: "a route")
      }
      guard let route = table.route(named: word) else {
        throw .unknownRoute(word, suggestion: table.suggestion(for: word))
      }
      return .url(try parseRoute(route, allowsGlobalOptions: true))
    }
    let (words, flags) = try parseArguments(of: command)
    let maximum = [.open, .batch, .completions, .help].contains(command) ? 1 : 0
    if words.count > maximum {
      throw .unexpectedArgument(words[maximum], in: .command(command), expected: command.takes)
    }
    let word = words.first
    switch command {
    case .url:
      preconditionFailure("handled above")
    case .open:
      guard let word else {
        throw .missingArgument(.open, what: "a URL, such as \(table.scheme)://<route>?<name>=<value>")
      }
      do {
        return .open(try table.parse(word))
      } catch {
        throw .invalidLink(error)
      }
    case .routes:
      if flags.contains("markdown") {
        if options.json { throw .conflictingOptions("--json", "--markdown", in: .command(.routes)) }
        return .routes(.markdown)
      }
      return .routes(options.json ? .json : .table)
    case .state: return .state
    case .screen: return .screen
    case .wait: return .wait
    case .version: return .version
    case .batch:
      return .batch(path: word == "-" ? nil : word)
    case .completions:
      guard let word else {
        throw .missingArgument(
          .completions, what: "a shell: \(CompletionShell.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      guard let shell = CompletionShell(rawValue: word) else {
        throw .unknownShell(
          word, suggestion: Suggestion.closest(to: word, in: CompletionShell.allCases.map(\.rawValue)))
      }
      return .completions(shell: shell)
    case .help:
      guard let word else { return .help(.topLevel) }
      return .help(try topic(named: word))
    }
  }

  /// The words of a command, and the flags of its own it was given; global options are
  /// collected on the way.
  private mutating func parseArguments(of command: BuiltInCommand) throws(UsageError) -> (
    words: [String], flags: Set<String>
  ) {
    var words: [String] = []
    var flags: Set<String> = []
    let context = UsageContext.command(command)
    while position < tokens.count {
      let token = tokens[position]
      position += 1
      switch token {
      case .terminator:
        continue
      case .argument(let word):
        words.append(word)
      case .longOption(let name, let value) where command.ownFlags.contains(name):
        if let value { throw .unexpectedValue(option: "--" + name, value: value, in: context) }
        guard flags.insert(name).inserted else { throw .duplicateOption("--" + name, in: context) }
      case .longOption(let name, let value):
        if try parseGlobalOption(name, value, in: context) { continue }
        throw unknownOption(token.text, in: context, known: command.ownFlags.map { "--" + $0 })
      case .shortOption:
        throw unknownOption(token.text, in: context, known: command.ownFlags.map { "--" + $0 })
      }
    }
    return (words, flags)
  }

  // MARK: - Routes

  /// Parses the options of `route` from the current position to the end and binds them.
  ///
  /// Batch lines pass `allowsGlobalOptions: false`: a line is a link, nothing else.
  mutating func parseRoute(_ route: Route, allowsGlobalOptions: Bool) throws(UsageError) -> Link {
    var pairs: [(name: String, text: String?)] = []
    var bareFlag: String?
    let context = UsageContext.route(route.name)
    while position < tokens.count {
      let token = tokens[position]
      position += 1
      let previousFlag = bareFlag
      bareFlag = nil
      switch token {
      case .terminator:
        continue
      case .argument(let word):
        try checkSoFar(route, pairs)
        throw .unexpectedArgument(word, in: context, expected: Self.takes(route, after: previousFlag, word))
      case .shortOption:
        try checkSoFar(route, pairs)
        throw unknownOption(
          token.text, in: context, known: route.parameters.map { "--" + $0.name },
          listsGlobals: false, suggestsGlobals: allowsGlobalOptions)
      case .longOption(let name, let value):
        if let parameter = route.parameter(named: name) {
          if value == nil, parameter.type == .boolean {
            bareFlag = name
            pairs.append((name, nil))
          } else {
            pairs.append((name, value ?? takeValue()))
          }
          continue
        }
        if allowsGlobalOptions, try parseGlobalOption(name, value, in: context) { continue }
        if allowsGlobalOptions,
          Suggestion.closest(to: name, in: route.parameters.map(\.name)) == nil,
          let global = Suggestion.closest(to: name, in: Self.globalNames)
        {
          throw .unknownOption(token.text, in: context, suggestion: "--" + global, known: [])
        }
        // Binding with the unknown name appended reports, in input order, an earlier wrong
        // pair or else the unknown option with the route's suggestion or option list.
        pairs.append((name, value))
        _ = try bind(route, pairs)
        preconditionFailure("bind accepted an unknown option")
      }
    }
    return try bind(route, pairs)
  }

  private func bind(_ route: Route, _ pairs: [(name: String, text: String?)]) throws(UsageError) -> Link {
    do {
      return try route.bind(pairs)
    } catch {
      throw .argument(error, route: route.name)
    }
  }

  /// Reports the first wrong pair given so far, so that errors come in input order; a
  /// required parameter not given yet is not an error here.
  private func checkSoFar(_ route: Route, _ pairs: [(name: String, text: String?)]) throws(UsageError) {
    do {
      _ = try route.bind(pairs)
    } catch {
      if case .missingParameter = error { return }
      throw .argument(error, route: route.name)
    }
  }

  /// The end of "unexpected argument 'x'; …" for a route.
  private static func takes(_ route: Route, after flag: String?, _ word: String) -> String {
    if let flag, ["true", "false", "1", "0"].contains(word) {
      return "--\(flag) is a flag: write --\(flag)=\(word)"
    }
    guard !route.parameters.isEmpty else { return "\(route.name) takes no arguments" }
    let options = route.parameters.map { parameter in
      parameter.type == .boolean ? "--" + parameter.name : "--\(parameter.name) <\(parameter.type.name)>"
    }
    return "\(route.name) takes only options: " + options.joined(separator: ", ")
  }

  // MARK: - Global options

  private static let globalNames = GlobalOption.allCases.map(\.rawValue)

  /// Takes the global option `name` if it is one; `false` if it is not.
  private mutating func parseGlobalOption(_ name: String, _ value: String?, in context: UsageContext)
    throws(UsageError) -> Bool
  {
    guard let option = GlobalOption(rawValue: name) else { return false }
    guard givenOptions.insert(option).inserted else { throw .duplicateOption(option.flag, in: context) }
    guard option.valueName != nil else {
      if let value { throw .unexpectedValue(option: option.flag, value: value, in: context) }
      switch option {
      case .json: options.json = true
      case .quiet: options.quiet = true
      case .socket, .timeout, .help, .version: break
      }
      return true
    }
    guard let text = value ?? takeValue() else { throw .missingValue(option: option.flag, in: context) }
    switch option {
    case .socket:
      guard !text.isEmpty else {
        throw .invalidValue(option: option.flag, value: text, expected: "a socket path", in: context)
      }
      options.socket = text
    case .timeout:
      guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
        throw .invalidValue(
          option: option.flag, value: text, expected: "a positive number of seconds", in: context)
      }
      options.timeout = seconds
    case .json, .quiet, .help, .version:
      break
    }
    return true
  }

  // MARK: - Tokens

  /// The next argument as an option's value, unless it is `--`, starts with `--`, or is `-h`.
  private mutating func takeValue() -> String? {
    guard position < tokens.count else { return nil }
    switch tokens[position] {
    case .argument(let word):
      position += 1
      return word
    case .shortOption(let letters) where letters != "h":
      position += 1
      return "-" + letters
    default:
      return nil
    }
  }

  /// The next word, taking the global options before it; `nil` at the end.
  private mutating func nextWord(in context: UsageContext) throws(UsageError) -> String? {
    while position < tokens.count {
      let token = tokens[position]
      position += 1
      switch token {
      case .argument(let word):
        return word
      case .terminator:
        continue
      case .longOption(let name, let value):
        if try parseGlobalOption(name, value, in: context) { continue }
        throw unknownOption(token.text, in: context, known: [])
      case .shortOption:
        throw unknownOption(token.text, in: context, known: [])
      }
    }
    return nil
  }

  /// An unknown-option error, suggesting the closest of `known` and (unless told otherwise)
  /// the global options, and listing them when none is close.
  private func unknownOption(
    _ text: String, in context: UsageContext, known: [String], listsGlobals: Bool = true,
    suggestsGlobals: Bool = true
  ) -> UsageError {
    let globals = GlobalOption.allCases.map(\.flag)
    let candidates = known + (suggestsGlobals ? globals : [])
    return .unknownOption(
      text, in: context, suggestion: Suggestion.closest(to: text, in: candidates),
      known: known + (listsGlobals ? globals : []))
  }

  // MARK: - Help

  /// The command or route names closest to `word`.
  private func suggestion(for word: String) -> String? {
    Suggestion.closest(to: word, in: table.routes.map(\.name) + BuiltInCommand.allCases.map(\.name))
  }

  /// The help page `deeplink help <word>` shows.
  private func topic(named word: String) throws(UsageError) -> HelpTopic {
    if let route = table.route(named: word) { return .route(route) }
    if let command = BuiltInCommand(rawValue: word) { return .command(command) }
    throw .unknownHelpTopic(word, suggestion: suggestion(for: word))
  }

  /// The topic of a line with `-h` or `--help`, found leniently: global options are skipped
  /// and nothing after the command is checked.
  private mutating func helpTopic() throws(UsageError) -> HelpTopic {
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
  private mutating func lenientNextWord() -> String? {
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
