package import DeepLinkRoutes

/// Why a command line (or a batch line) is wrong: exit code 64, message on stderr, nothing sent.
///
/// Each case carries what the user typed and where; ``message`` turns it into one line that
/// quotes the input and says what would be right, and ``hint`` into one line pointing at the
/// help page that explains it:
///
///     UsageError.unknownCommand("recipee", suggestion: "recipe").description
///     // unknown route or command 'recipee' — did you mean 'recipe'?
///     // Run 'deeplink help' for the commands and routes.
package enum UsageError: CommandFailure, Hashable, Sendable, CustomStringConvertible {
  /// The first word is neither a route nor a command.
  case unknownCommand(String, suggestion: String?)
  /// A word that must be a route is not one (`deeplink url recipee`, a batch line).
  case unknownRoute(String, suggestion: String?)
  /// An option the command or route does not take; `known` lists those it takes, as typed.
  case unknownOption(String, in: UsageContext, suggestion: String?, known: [String])
  /// An option that needs a value came last or before another option.
  case missingValue(option: String, in: UsageContext)
  /// A global option's value is wrong: `--timeout expects a number of seconds from 0.001 to 86400, got 'x'`.
  case invalidValue(option: String, value: String, expected: String, in: UsageContext)
  /// A flag given a value: `--json=yes`.
  case unexpectedValue(option: String, value: String, in: UsageContext)
  case duplicateOption(String, in: UsageContext)
  case conflictingOptions(String, String, in: UsageContext)
  /// A word the command does not take; `expected` says what it takes.
  case unexpectedArgument(String, in: UsageContext, expected: String)
  /// A command without its required argument; `what` names it (`a URL`).
  case missingArgument(String, what: String)
  /// `url` given a route's option before any route (`deeplink url --id 1`): the command's name.
  case optionBeforeRoute(command: String)
  /// A route's options do not bind: unknown, missing, duplicate, wrong type or range.
  case argument(ArgumentError, route: String)
  /// A URL (`open`, a batch line) that is not a link of the table.
  case invalidLink(LinkError)
  case unknownShell(String, suggestion: String?)
  /// `deeplink help <topic>` for a topic that is neither a command nor a route.
  case unknownHelpTopic(String, suggestion: String?)
  /// A batch line with an opening quote (`'` or `"`) and no closing one.
  case unterminatedQuote(Character)
  /// A batch line ending in a backslash that escapes nothing.
  case trailingBackslash
  /// `deeplink url` given a URL instead of a route (`open --dry-run` does that).
  case urlGivenToURL(String)
  /// A word that looks like an option after `--`, which made it a plain word.
  case optionAfterTerminator(String, in: UsageContext)
  /// A batch line that starts with `deeplink ` (copied from a terminal); `link` is the rest.
  case programNameInBatchLine(link: String)
  /// A usage error a command finds after parsing, in its own words (`--keep` with `--dry-run`,
  /// a link too long to send, a `tour --out` that cannot be made), with a hint if it has one.
  case invalidUse(String, hint: String?)
  /// ``invalidUse(_:hint:)`` with the hint that points at `command`'s help.
  case invalidCommandUse(String, command: String)
  /// A `launch --env` or `--arg` that cannot reach the app (``LaunchInputError``).
  case launchInput(LaunchInputError)

  /// The one-line message as `deeplink` says it: what batch lines and MCP arguments, which
  /// parse no command, report (only a command line names the tool, in ``optionBeforeRoute(command:)``).
  package var message: String { message(for: .deeplink) }

  /// The one-line message, as `tool` says it, without any `deeplink:` prefix.
  package func message(for tool: ToolIdentity) -> String {
    switch self {
    case .unknownCommand(let word, let suggestion):
      "unknown route or command '\(word.messageExcerpt)'"
        + (suggestion.map { " — did you mean '\($0)'?" } ?? "; expected a route or a command")
    case .unknownRoute(let word, let suggestion):
      "unknown route '\(word.messageExcerpt)'" + (suggestion.map { " — did you mean '\($0)'?" } ?? "")
    case .unknownOption(let option, let context, let suggestion, let known):
      if let suggestion {
        "unknown option '\(option.messageExcerpt)'\(context.forName) — did you mean '\(suggestion)'?"
      } else {
        "unknown option '\(option.messageExcerpt)'; " + context.takes(known)
      }
    case .missingValue(let option, _):
      "\(option) needs a value"
    case .invalidValue(let option, let value, let expected, _):
      "\(option) expects \(expected), got '\(value.messageExcerpt)'"
    case .unexpectedValue(let option, let value, _):
      "\(option) takes no value, got '\(value.messageExcerpt)'; write \(option) alone"
    case .duplicateOption(let option, _):
      "\(option) is given twice; give it once"
    case .conflictingOptions(let first, let second, _):
      "\(first) and \(second) cannot be used together; choose one"
    case .unexpectedArgument(let word, _, let expected):
      "unexpected argument '\(word.messageExcerpt)'; \(expected)"
    case .missingArgument(let command, let what):
      "\(command) needs \(what)"
    case .optionBeforeRoute(let command):
      "\(command) needs a route before the route's options (\(tool.name) \(command) <route> --<option> …)"
    case .argument(let error, _):
      error.message(prefix: "--")
    case .invalidLink(let error):
      error.message
    case .unknownShell(let word, let suggestion):
      "unknown shell '\(word.messageExcerpt)'"
        + (suggestion.map { " — did you mean '\($0)'?" }
          ?? "; expected one of \(CompletionShell.allCases.map(\.rawValue).joined(separator: ", "))")
    case .unknownHelpTopic(let word, let suggestion):
      "no help for '\(word.messageExcerpt)'"
        + (suggestion.map { " — did you mean '\($0)'?" } ?? "; expected a command or a route")
    case .unterminatedQuote(let quote):
      "unterminated \(quote) quote; close it, or escape the quote with a backslash"
    case .trailingBackslash:
      "the line ends with a lone backslash; write \\\\ for a backslash"
    case .urlGivenToURL(let url):
      "url takes a route and its options, not a URL; to check a URL and print its canonical "
        + "form, run `deeplink open --dry-run \(ShellQuoting.quote(url.messageExcerpt))`"
    case .optionAfterTerminator(let word, _):
      "'\(word.messageExcerpt)' comes after '--', which ends the options: every later word is a plain "
        + "argument, never an option; remove the '--' (it is needed only before a URL that starts "
        + "with a dash, for open)"
    case .programNameInBatchLine(let link):
      "unknown route 'deeplink': a batch line is a link without the program name; drop the "
        + "'deeplink ' prefix" + (link.isEmpty ? "" : " and write '\(link.messageExcerpt)'")
    case .invalidUse(let message, _), .invalidCommandUse(let message, _):
      message
    case .launchInput(let error):
      error.message
    }
  }

  /// The second line, as `tool` says it: where to read about it (every parsing error has one).
  package func hint(for tool: ToolIdentity) -> String? {
    switch self {
    case .unknownCommand, .unknownHelpTopic:
      UsageContext.topLevel.hint(for: tool)
    case .unknownRoute, .invalidLink:
      "Run '\(tool.name) routes' for the routes and their options."
    case .unknownOption(_, let context, _, _), .missingValue(_, let context),
      .invalidValue(_, _, _, let context), .unexpectedValue(_, _, let context),
      .duplicateOption(_, let context), .conflictingOptions(_, _, let context),
      .unexpectedArgument(_, let context, _):
      context.hint(for: tool)
    case .missingArgument(let command, _), .optionBeforeRoute(let command),
      .invalidCommandUse(_, let command):
      UsageContext.command(command).hint(for: tool)
    case .argument(_, let route):
      UsageContext.route(route).hint(for: tool)
    case .unknownShell:
      UsageContext.command(CompletionsCommand.name).hint(for: tool)
    case .unterminatedQuote, .trailingBackslash, .programNameInBatchLine:
      "Run '\(tool.name) help batch' for the format of a line."
    case .urlGivenToURL:
      UsageContext.command(OpenCommand.name).hint(for: tool)
    case .optionAfterTerminator(_, let context):
      context.hint(for: tool)
    case .invalidUse(_, let hint):
      hint
    case .launchInput(let error):
      error.hint
    }
  }

  /// ``message`` and ``hint(for:)``, two lines (one without a hint), as `deeplink` says them.
  package var description: String { message + (hint(for: .deeplink).map { "\n" + $0 } ?? "") }

  /// Always ``ExitCode/usage``.
  package var exitCode: ExitCode { .usage }

  /// Always `usage` (``FailureKind/usage``).
  package var kind: String { FailureKind.usage.rawValue }
}

/// Where in the command line a usage error happened: what its message and help hint refer to.
package enum UsageContext: Hashable, Sendable {
  /// Before any command: the global options.
  case topLevel
  /// A command, by name.
  case command(String)
  /// A route, by name.
  case route(String)

  /// `" for recipe"`, or nothing at the top level.
  var forName: String {
    switch self {
    case .topLevel: ""
    case .command(let name): " for \(name)"
    case .route(let name): " for \(name)"
    }
  }

  /// `"recipe takes --id"`, given the options it takes as typed.
  func takes(_ options: [String]) -> String {
    let list = options.isEmpty ? "none" : options.joined(separator: ", ")
    return switch self {
    case .topLevel: "the global options are \(list)"
    case .command(let name): "\(name) takes \(list)"
    case .route(let name): "\(name) takes \(list)"
    }
  }

  /// The line that points at the relevant help, as `tool` says it.
  func hint(for tool: ToolIdentity) -> String {
    switch self {
    case .topLevel: "Run '\(tool.name) help' for the commands and routes."
    case .command(let name): "Run '\(tool.name) help \(name)' for its usage."
    case .route(let name): "Run '\(tool.name) help \(name)' for its options."
    }
  }
}
