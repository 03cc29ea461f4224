package import DeepLinkRoutes

/// What completes where, derived from the route table, ``CommandRegistry`` and ``GlobalOption``:
/// the description that ``CompletionWalk`` follows the line through.
///
/// Nothing here is written by hand: add a route, a parameter or a command and every shell
/// offers it at the next Tab.
///
///     let model = CompletionModel(table: .recipeSample, tool: .deeplink)
///     model.context(named: "recipe")?.options.map(\.flag)
///     // ["--id", "--socket", "--timeout", "--json", "--quiet", "--help"]
package struct CompletionModel: Sendable {
  /// How the value of an option completes.
  package enum Value: Hashable, Sendable {
    /// A flag: no value.
    case none
    /// A boolean parameter: a flag that also takes `--name=true|false`, never the next word.
    case boolean([String])
    /// One of a fixed set.
    case choices([String])
    /// Values the running app knows, through the callback (`recipe --id`).
    case live(route: String, parameter: String)
    /// A file path (`--socket`).
    case path
    /// Anything; nothing to offer (`--timeout`).
    case free
    /// A `--target` value: the kinds, then the simulators and devices found at the Tab.
    case targets

    /// Whether the option takes the next word as its value.
    package var takesNextWord: Bool {
      switch self {
      case .none, .boolean: false
      case .choices, .live, .path, .free, .targets: true
      }
    }
  }

  /// One option as typed (`--id`), its one-line help and its value.
  package struct Option: Hashable, Sendable {
    package let flag: String
    package let summary: String
    package let value: Value
  }

  /// What a command's single argument is.
  package enum Argument: Hashable, Sendable {
    /// No argument: the word after it completes options.
    case none
    /// A route or a command (`help`).
    case topic
    /// A route, whose options then follow (`url`).
    case route
    /// One of a fixed set (`completions`: the shells).
    case words([String])
    /// A subcommand's word (`install` after `mcp`), whose context then follows, as a route's
    /// follows `url`: the context ``Context/subcommandName(_:_:)`` names.
    case subcommands([String])
    /// A file path (`batch`).
    case path
    /// Anything; nothing to offer (`open`).
    case free
  }

  /// A route or a command: what follows its name.
  package struct Context: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable {
      case route
      case command
      /// A command named by its parent's name and a word: `mcp install`.
      case subcommand
    }

    package let kind: Kind
    package let name: String
    package let summary: String
    /// Its own options first, then the global ones, as the parser looks them up.
    package let options: [Option]
    package let argument: Argument

    /// `route:recipe`, `command:help`, `subcommand:mcp/install`: one key for any context.
    package var key: String { kind.rawValue + ":" + name }

    /// The name of the context of `word` after the command `parent` (`mcp/install`): the
    /// words joined with a slash, so that a key holds no blank for a shell to split.
    package static func subcommandName(_ parent: String, _ word: String) -> String { parent + "/" + word }
  }

  /// The tool completed: its name and whether it reads routes files shape the scripts.
  package let tool: ToolIdentity
  /// The options before any command: every global option.
  package let topLevelOptions: [Option]
  /// The routes in table order, then the commands.
  package let contexts: [Context]

  /// The model of `tool` (its options and help) for `table`.
  package init(table: RouteTable, tool: ToolIdentity) {
    self.tool = tool
    // Each global option's help is written once, not once for every route and command: a Tab
    // builds the whole model.
    let offered = GlobalOption.offered(by: tool)
    let global = offered.map { Self.option($0, help: $0.help(for: tool)) }
    topLevelOptions = global
    let afterCommandPairs = zip(offered, global).filter { $0.0 != .version }
    let afterCommand = afterCommandPairs.map(\.1)
    let routes = table.routes.map { route in
      Context(
        kind: .route, name: route.name, summary: route.summary,
        options: route.parameters.map { Self.option($0, of: route) }
          + afterCommandPairs.filter { route.parameter(named: $0.0.rawValue) == nil }.map(\.1),
        argument: .none)
    }
    let commands = CommandRegistry.commands.flatMap { command in
      [Self.context(of: command, kind: .command, name: command.name, afterCommand: afterCommand)]
        + command.subcommands.map { subcommand in
          Self.context(
            of: subcommand, kind: .subcommand,
            name: Context.subcommandName(
              command.name, String(subcommand.name.dropFirst(command.name.count + 1))),
            afterCommand: afterCommand)
        }
    }
    contexts = routes + commands
  }

  /// The context of `command`, called `name`: its own options, then `afterCommand`, each with
  /// the command's own help line for it when it gives one (`routes --json`).
  static func context(
    of command: any ToolCommand.Type, kind: Context.Kind, name: String, afterCommand: [Option]
  ) -> Context {
    let options = command.options
    let own = options.filter { !$0.isGlobal }.map { option in
      let value: Value =
        switch option.value {
        case .none: .none
        case .path: .path
        case .text: .free
        }
      return Option(flag: option.flag, summary: option.help, value: value)
    }
    let global = afterCommand.map { global in
      options.first(where: { $0.flag == global.flag }).map {
        Option(flag: global.flag, summary: $0.help, value: global.value)
      } ?? global
    }
    let words = command.subcommands.map { String($0.name.dropFirst(command.name.count + 1)) }
    return Context(
      kind: kind, name: name, summary: command.summary, options: own + global,
      argument: words.isEmpty || command.operands.maximum > 0
        ? command.operands.completion : .subcommands(words))
  }

  /// The route or command called `name` (a subcommand's context by its name, `mcp/install`).
  package func context(named name: String) -> Context? {
    contexts.first(where: { $0.name == name })
  }

  /// The routes only.
  package var routes: [Context] { contexts.filter { $0.kind == .route } }

  // MARK: - Derivations

  static func option(_ parameter: Parameter, of route: Route) -> Option {
    let value: Value =
      switch parameter.type {
      case .boolean: .boolean([ArgumentValue.boolean(true).text, ArgumentValue.boolean(false).text])
      case .choice(let choices): .choices(choices)
      case .integer, .string: .live(route: route.name, parameter: parameter.name)
      }
    return Option(flag: "--" + parameter.name, summary: parameter.help, value: value)
  }

  static func option(_ option: GlobalOption, help: String) -> Option {
    let value: Value =
      switch option {
      case .socket, .routes: .path
      case .timeout: .free
      case .target: .targets
      case .package, .bundleID: .free
      case .json, .quiet, .dryRun, .keep, .help, .version: .none
      }
    return Option(flag: option.flag, summary: help, value: value)
  }
}
