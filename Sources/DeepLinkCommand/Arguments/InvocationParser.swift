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
  /// `Set` of a type costs the Swift runtime a conformance lookup across the whole binary, a
  /// tenth of the start-up of `deeplink settings --socket S` (BENCHMARKS.md).
  var givenOptions: [GlobalOption] = []
  /// The values of a command's own options that take one (`approve --bundle-id`).
  var ownValues: [String: String] = [:]
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

  mutating func parse(_ command: BuiltInCommand) throws(UsageError) -> Command {
    if command == .url {
      let next: String?
      do {
        next = try nextWord(in: .command(.url))
      } catch .unknownOption {
        // `deeplink url --id 1`: a route's option before the route it belongs to.
        throw .missingArgument(
          .url, what: "a route before the route's options (\(ToolName.current) url <route> --<option> …)")
      }
      guard let word = next else {
        throw .missingArgument(.url, what: "a route")
      }
      guard let route = table.route(named: word) else {
        if word.utf8.firstRange(of: "://".utf8) != nil { throw .urlGivenToURL(word) }
        throw .unknownRoute(word, suggestion: table.suggestion(for: word))
      }
      return .url(try parseRoute(route, allowsGlobalOptions: true))
    }
    let (words, flags) = try parseArguments(of: command)
    let maximum =
      command == .checkRelease ? Int.max : [.open, .batch, .completions, .help].contains(command) ? 1 : 0
    if words.count > maximum {
      if afterTerminator, words[maximum].utf8.first == UInt8(ascii: "-") {
        throw .optionAfterTerminator(words[maximum], in: .command(command))
      }
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
      if flags.contains(BuiltInCommand.markdownFlag) {
        if options.json {
          throw .conflictingOptions(
            GlobalOption.json.flag, BuiltInCommand.markdownFlag, in: .command(.routes))
        }
        return .routes(.markdown)
      }
      return .routes(options.json ? .json : .table)
    case .state: return .state
    case .screen:
      let settling = try parseSettling(of: .screen)
      guard let path = ownValues[BuiltInCommand.pngFlag] else {
        if settling.isGiven {
          throw .missingArgument(
            .screen,
            what:
              "--png <file> with \(settling.timeout != nil ? BuiltInCommand.settleTimeoutFlag : BuiltInCommand.toleranceFlag), "
              + "which applies to a screenshot")
        }
        return .screen
      }
      guard !path.isEmpty else {
        throw .invalidValue(
          option: BuiltInCommand.pngFlag, value: path, expected: "a file path", in: .command(.screen))
      }
      return .screenshot(path: path, settling: settling)
    case .targets: return .targets
    case .approve: return .approve
    case .wait:
      guard let text = ownValues[BuiltInCommand.pidFlag] else { return .wait(pid: nil) }
      guard let number = Self.decimalInteger(text), number > 0, let pid = Int32(exactly: number) else {
        throw .invalidValue(
          option: BuiltInCommand.pidFlag, value: text, expected: "a process id (a positive decimal integer)",
          in: .command(.wait))
      }
      return .wait(pid: pid)
    case .tour:
      var request = TourRequest(
        out: ownValues[BuiltInCommand.outFlag], scenario: ownValues[BuiltInCommand.scenarioFlag],
        check: ownValues[BuiltInCommand.checkFlag])
      for (flag, value) in [
        (BuiltInCommand.outFlag, request.out), (BuiltInCommand.scenarioFlag, request.scenario),
        (BuiltInCommand.checkFlag, request.check),
      ] where value?.isEmpty == true {
        throw .invalidValue(option: flag, value: "", expected: "a path", in: .command(.tour))
      }
      guard request.out != nil || request.check != nil else {
        throw .missingArgument(
          .tour, what: "--out <dir> to record a tour, or --check <dir> to compare with a recording")
      }
      request.settling = try parseSettling(of: .tour)
      if let text = ownValues[BuiltInCommand.settleFlag] {
        guard let seconds = GlobalOptions.seconds(text) else {
          throw .invalidValue(
            option: BuiltInCommand.settleFlag, value: text, expected: GlobalOptions.timeoutRule,
            in: .command(.tour))
        }
        request.settle = seconds
      }
      request.keepStatusBar = flags.contains(BuiltInCommand.keepStatusBarFlag)
      return .tour(request)
    case .mcp:
      return .mcp(
        pictures: flags.contains(BuiltInCommand.picturesFlag), settling: try parseSettling(of: .mcp))
    case .launch: return .launch(relaunch: flags.contains(BuiltInCommand.relaunchFlag))
    case .checkRelease:
      guard !words.isEmpty else {
        throw .missingArgument(
          .checkRelease, what: "a path: an .app, .xcarchive, .ipa, Info.plist or AndroidManifest.xml")
      }
      return .checkRelease(
        paths: words, expectRegistered: flags.contains(BuiltInCommand.expectRegisteredFlag))
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

  /// `--settle-timeout SECONDS` and `--tolerance N` of `command`, checked.
  func parseSettling(of command: BuiltInCommand) throws(UsageError) -> Settling {
    var settling = Settling()
    if let text = ownValues[BuiltInCommand.toleranceFlag] {
      guard let number = Self.decimalInteger(text), number <= PictureComparison.maximumTolerance else {
        throw .invalidValue(
          option: BuiltInCommand.toleranceFlag, value: text,
          expected: "an integer from 0 to \(PictureComparison.maximumTolerance)", in: .command(command))
      }
      settling.tolerance = number
    }
    if let text = ownValues[BuiltInCommand.settleTimeoutFlag] {
      guard let seconds = Settling.timeout(text) else {
        throw .invalidValue(
          option: BuiltInCommand.settleTimeoutFlag, value: text, expected: Settling.timeoutRule,
          in: .command(command))
      }
      settling.timeout = seconds
    }
    return settling
  }

  /// The words of a command, and the flags of its own it was given (as typed); global options
  /// are collected on the way.
  mutating func parseArguments(of command: BuiltInCommand) throws(UsageError) -> (
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
        afterTerminator = true
        continue
      case .argument(let word):
        words.append(word)
      case .longOption(let name, let value) where command.ownValueFlags.contains("--" + name):
        guard ownValues["--" + name] == nil else { throw .duplicateOption("--" + name, in: context) }
        guard let text = value ?? takeValue() else { throw .missingValue(option: "--" + name, in: context) }
        ownValues["--" + name] = text
      case .longOption(let name, let value) where command.ownFlags.contains("--" + name):
        if let value { throw .unexpectedValue(option: "--" + name, value: value, in: context) }
        guard flags.insert("--" + name).inserted else { throw .duplicateOption("--" + name, in: context) }
      case .longOption(let name, let value):
        if try parseGlobalOption(name, value, in: context) { continue }
        throw unknownOption(token.text, in: context, known: command.ownFlags)
      case .shortOption:
        throw unknownOption(token.text, in: context, known: command.ownFlags)
      }
    }
    return (words, flags)
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
