import DeepLinkRoutes
import DeepLinkWire
import Pictures

/// Interprets tokens: finds the command, collects the global options, and turns a route's
/// options into `(name, text?)` pairs for `Route.bind`. See ``Invocation/parse(_:table:)``
/// for the rules; batch lines use ``parseRoute(_:allowsGlobalOptions:)`` too.
struct InvocationParser {
  let tokens: [ArgumentToken]
  let table: RouteTable
  /// The next token to read.
  var position = 0
  /// The global options seen so far, wherever they were.
  var options = GlobalOptions()
  /// For "given twice" errors. An array, not a `Set`: six options at most, and the first
  /// `Set` of a type costs the Swift runtime a conformance lookup across the whole binary,
  /// measurable in the start-up of `deeplink settings --socket S` (BENCHMARKS.md).
  var givenOptions: [GlobalOption] = []
  /// Whether a `--` was read: later words that look like options are plain words, and an
  /// error about one says so.
  var afterTerminator = false

  init(tokens: [ArgumentToken], table: RouteTable) {
    self.tokens = tokens
    self.table = table
  }

  mutating func parse() throws(UsageError) -> Invocation {
    let beforeTerminator = tokens.prefix(while: { $0 != .terminator })
    if beforeTerminator.contains(where: \.isHelp) {
      return Invocation(HelpCommand(try helpTopic()))
    }
    if beforeTerminator.contains(where: \.isVersion) {
      return Invocation(VersionCommand())
    }
    guard let word = try nextWord(in: .topLevel) else {
      return Invocation(HelpCommand(.topLevel), options: options)
    }
    let command: any ParsedCommand
    if let route = table.route(named: word) {
      command = LinkCommand(link: try parseRoute(route, allowsGlobalOptions: true))
    } else if let type = CommandRegistry.command(named: word) {
      command = try subcommand(of: type).parse(&self)
    } else {
      throw .unknownCommand(word, suggestion: Self.suggestion(for: word, table: table))
    }
    return Invocation(command, options: options)
  }

  // MARK: - Commands

  /// The words of `command` and the options of its own it was given, as it declares them
  /// (``ToolCommand/options``, ``ToolCommand/operands``); global options are collected on
  /// the way. With `stopsAtWord`, it stops before the first plain word, which is left for the
  /// command to read (`launch` takes a route and the route's options after its own).
  mutating func arguments(of command: any ToolCommand.Type, stopsAtWord: Bool = false) throws(UsageError)
    -> CommandArguments
  {
    var arguments = CommandArguments(command: command.name)
    let context = UsageContext.command(command.name)
    let ownFlags = command.ownFlags
    let ownValueFlags = command.ownValueFlags
    let ownRepeatableFlags = command.ownRepeatableFlags
    scan: while position < tokens.count {
      let token = tokens[position]
      position += 1
      switch token {
      case .terminator:
        afterTerminator = true
        continue
      case .argument where stopsAtWord:
        position -= 1
        break scan
      case .argument(let word):
        arguments.words.append(word)
      case .longOption(let name, let value) where ownRepeatableFlags.contains("--" + name):
        guard let text = value ?? takeValue() else { throw .missingValue(option: "--" + name, in: context) }
        arguments.repeated["--" + name, default: []].append(text)
      case .longOption(let name, let value) where ownValueFlags.contains("--" + name):
        guard arguments.values["--" + name] == nil else { throw .duplicateOption("--" + name, in: context) }
        guard let text = value ?? takeValue() else { throw .missingValue(option: "--" + name, in: context) }
        arguments.values["--" + name] = text
      case .longOption(let name, let value) where ownFlags.contains("--" + name):
        if let value { throw .unexpectedValue(option: "--" + name, value: value, in: context) }
        guard arguments.flags.insert("--" + name).inserted else {
          throw .duplicateOption("--" + name, in: context)
        }
      case .longOption(let name, let value):
        if try parseGlobalOption(name, value, in: context) { continue }
        throw unknownOption(token.text, in: context, known: ownFlags)
      case .shortOption:
        throw unknownOption(token.text, in: context, known: ownFlags)
      }
    }
    let maximum = command.operands.maximum
    if arguments.words.count > maximum {
      let word = arguments.words[maximum]
      if afterTerminator, word.utf8.first == UInt8(ascii: "-") {
        throw .optionAfterTerminator(word, in: context)
      }
      throw .unexpectedArgument(
        word, in: context, expected: command.operands.takes ?? "\(command.name) takes no arguments")
    }
    arguments.options = options
    return arguments
  }

  /// The subcommand the next word names (`mcp install`), taken with the global options before
  /// it; else `command`, with nothing taken.
  ///
  /// - Throws: ``UsageError/unexpectedArgument(_:in:expected:)`` for a word that names no
  ///   subcommand of a command that takes no words, with the closest subcommand.
  mutating func subcommand(of command: any ToolCommand.Type) throws(UsageError) -> any ToolCommand.Type {
    guard !command.subcommands.isEmpty else { return command }
    var probe = self
    // An option of the command's own before the word ends the look: the command reads it.
    guard let word = try? probe.nextWord(in: .command(command.name)) else { return command }
    guard let subcommand = CommandRegistry.subcommand(of: command, named: word) else {
      guard command.operands.maximum == 0 else { return command }
      let names = command.subcommands.map { String($0.name.dropFirst(command.name.count + 1)) }
      throw .unexpectedArgument(
        word, in: .command(command.name),
        expected: Suggestion.closest(to: word, in: names).map { "did you mean '\($0)'?" }
          ?? "\(command.name) takes no arguments but a subcommand: \(names.joined(separator: ", "))")
    }
    self = probe
    return subcommand
  }

  // MARK: - Global options

  static let globalNames = GlobalOption.allCases.map(\.rawValue)

  /// Takes the global option `name` if it is one; `false` if it is not.
  mutating func parseGlobalOption(_ name: String, _ value: String?, in context: UsageContext)
    throws(UsageError) -> Bool
  {
    guard let option = GlobalOption(rawValue: name) else { return false }
    guard !givenOptions.contains(option) else { throw .duplicateOption(option.flag, in: context) }
    givenOptions.append(option)
    guard option.valueName != nil else {
      if let value { throw .unexpectedValue(option: option.flag, value: value, in: context) }
      switch option {
      case .json: options.json = true
      case .quiet: options.quiet = true
      case .dryRun: options.dryRun = true
      case .keep: options.keep = true
      case .socket, .timeout, .target, .package, .bundleID, .routes, .help, .version: break
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
      guard let seconds = GlobalOptions.seconds(text) else {
        throw .invalidValue(
          option: option.flag, value: text, expected: GlobalOptions.timeoutRule, in: context)
      }
      options.timeout = seconds
    case .target:
      guard let target = DeliveryTarget(parsing: text) else {
        throw .invalidValue(option: option.flag, value: text, expected: DeliveryTarget.forms, in: context)
      }
      options.target = target
    case .package:
      guard AndroidCommands.isPackageName(text) else {
        throw .invalidValue(
          option: option.flag, value: text, expected: "an Android application id such as com.example.app",
          in: context)
      }
      options.package = text
    case .bundleID:
      do throws(BundleIdentifierError) {
        try BundleIdentifier.validate(text)
      } catch {
        throw .invalidValue(
          option: option.flag, value: text, expected: "a bundle identifier (\(BundleIdentifier.rule))",
          in: context)
      }
      options.bundleID = text
    case .routes:
      guard !text.isEmpty else {
        throw .invalidValue(
          option: option.flag, value: text, expected: "the path of a routes file", in: context)
      }
      options.routes = text
    case .json, .quiet, .dryRun, .keep, .help, .version:
      break
    }
    return true
  }

  // MARK: - Tokens

  /// The next argument as an option's value, unless it is `--`, starts with `--`, or is `-h`.
  mutating func takeValue() -> String? {
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
  mutating func nextWord(in context: UsageContext) throws(UsageError) -> String? {
    while position < tokens.count {
      let token = tokens[position]
      position += 1
      switch token {
      case .argument(let word):
        return word
      case .terminator:
        afterTerminator = true
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

  /// `text` as a decimal integer of digits only (no sign, no `0x`), or `nil`.
  static func decimalInteger(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return Int(text)
  }

  /// An unknown-option error, suggesting the closest of `known` and (unless told otherwise)
  /// the global options, and listing them when none is close.
  func unknownOption(
    _ text: String, in context: UsageContext, known: [String], listsGlobals: Bool = true,
    suggestsGlobals: Bool = true
  ) -> UsageError {
    let globals = GlobalOption.allCases.map(\.flag)
    let candidates = known + (suggestsGlobals ? globals : [])
    return .unknownOption(
      text, in: context, suggestion: Suggestion.closest(to: text, in: candidates),
      known: known + (listsGlobals ? globals : []))
  }
}
