import DeepLinkCommand
import DeepLinkRoutes
import Testing

/// Every usage error of the command line, with its exact two lines, on the built-in table.
struct UsageErrorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let error: String
    let arguments: [String]
    let message: String
    let hint: String
    var testDescription: String { "\(error): \(arguments.joined(separator: " "))" }
  }

  static let topHint = "Run 'deeplink help' for the commands and routes."
  static let recipeHint = "Run 'deeplink help recipe' for its options."
  static let routesHint = "Run 'deeplink routes' for the routes and their options."
  static let globals =
    "--socket, --timeout, --json, --quiet, --target, --package, --bundle-id, --dry-run, --keep, "
    + "--routes, --help, --version"

  static let cases: [Case] = [
    Case(
      error: "unknown command, close to a route", arguments: ["recipee", "--id", "42"],
      message: "unknown route or command 'recipee' — did you mean 'recipe'?", hint: topHint),
    Case(
      error: "unknown command, close to a command", arguments: ["rotues"],
      message: "unknown route or command 'rotues' — did you mean 'routes'?", hint: topHint),
    Case(
      error: "unknown command, nothing close", arguments: ["xyzzy"],
      message: "unknown route or command 'xyzzy'; expected a route or a command", hint: topHint),
    Case(
      error: "unknown command with --help", arguments: ["recipee", "--help"],
      message: "unknown route or command 'recipee' — did you mean 'recipe'?", hint: topHint),
    Case(
      error: "unknown option, close to the route's", arguments: ["recipe", "--idd", "42"],
      message: "unknown option '--idd' for recipe — did you mean '--id'?", hint: recipeHint),
    Case(
      error: "unknown option, close to a global", arguments: ["recipe", "--id", "4", "--jsno"],
      message: "unknown option '--jsno' for recipe — did you mean '--json'?", hint: recipeHint),
    Case(
      error: "unknown option, nothing close: the route's options", arguments: ["recipe", "--colour"],
      message: "unknown option '--colour'; recipe takes --id", hint: recipeHint),
    Case(
      error: "unknown option, route without options", arguments: ["settings", "--id", "4"],
      message: "unknown option '--id'; settings takes none",
      hint: "Run 'deeplink help settings' for its options."),
    Case(
      error: "unknown short option", arguments: ["recipe", "-i", "4"],
      message: "unknown option '-i'; recipe takes --id", hint: recipeHint),
    Case(
      error: "an earlier wrong option is reported first", arguments: ["recipe", "--id", "x", "--idd", "4"],
      message: "--id expects an integer, got 'x'", hint: recipeHint),
    Case(
      error: "missing value at the end", arguments: ["recipe", "--id"],
      message: "--id needs a value", hint: recipeHint),
    Case(
      error: "missing value before an option", arguments: ["recipe", "--id", "--json"],
      message: "--id needs a value", hint: recipeHint),
    Case(
      error: "missing value before --", arguments: ["login-error", "--message", "--", "x"],
      message: "--message needs a value", hint: "Run 'deeplink help login-error' for its options."),
    Case(
      error: "missing required option", arguments: ["recipe"],
      message: "recipe requires --id", hint: recipeHint),
    Case(
      error: "option given twice", arguments: ["recipe", "--id", "1", "--id=2"],
      message: "--id is given twice; give it once", hint: recipeHint),
    Case(
      error: "flag given twice", arguments: ["recipe-edit", "--id", "1", "--unsaved", "--unsaved"],
      message: "--unsaved is given twice; give it once",
      hint: "Run 'deeplink help recipe-edit' for its options."),
    Case(
      error: "wrong type", arguments: ["recipe", "--id", "abc"],
      message: "--id expects an integer, got 'abc'", hint: recipeHint),
    Case(
      error: "--name= is empty, a type error for an integer", arguments: ["recipe", "--id="],
      message: "--id expects an integer, got ''", hint: recipeHint),
    Case(
      error: "out of range", arguments: ["recipe", "--id", "0"],
      message: "--id expects an integer from 1 to 999999, got 0", hint: recipeHint),
    Case(
      error: "negative and out of range", arguments: ["recipe", "--id", "-1"],
      message: "--id expects an integer from 1 to 999999, got -1", hint: recipeHint),
    Case(
      error: "not a flag value", arguments: ["recipe-edit", "--id", "1", "--unsaved=maybe"],
      message: "--unsaved expects true or false (also 1 or 0; any letter case), got 'maybe'",
      hint: "Run 'deeplink help recipe-edit' for its options."),
    Case(
      error: "not one of the choices", arguments: ["recipes", "--sort", "newst"],
      message: "--sort expects one of name, newest, rating, got 'newst' (did you mean 'newest'?)",
      hint: "Run 'deeplink help recipes' for its options."),
    Case(
      error: "unexpected argument after a route", arguments: ["recipe", "--id", "1", "2"],
      message: "unexpected argument '2'; recipe takes only options: --id <integer>", hint: recipeHint),
    Case(
      error: "unexpected argument for a route without options", arguments: ["settings", "now"],
      message: "unexpected argument 'now'; settings takes no arguments",
      hint: "Run 'deeplink help settings' for its options."),
    Case(
      error: "a value after a flag", arguments: ["recipe-edit", "--id", "1", "--unsaved", "false"],
      message: "unexpected argument 'false'; --unsaved is a flag: write --unsaved=false",
      hint: "Run 'deeplink help recipe-edit' for its options."),
    Case(
      error: "options after -- are arguments", arguments: ["recipe", "--", "--id", "1"],
      message: "'--id' comes after '--', which ends the options: every later word is a plain argument, "
        + "never an option; remove the '--' (it is needed only before a URL that starts with a dash, for open)",
      hint: recipeHint),
    Case(
      error: "-- before the route", arguments: ["--", "recipe", "--id", "4"],
      message: "'--id' comes after '--', which ends the options: every later word is a plain argument, "
        + "never an option; remove the '--' (it is needed only before a URL that starts with a dash, for open)",
      hint: recipeHint),
    Case(
      error: "a command's option after --", arguments: ["routes", "--", "--markdown"],
      message: "'--markdown' comes after '--', which ends the options: every later word is a plain argument, "
        + "never an option; remove the '--' (it is needed only before a URL that starts with a dash, for open)",
      hint: "Run 'deeplink help routes' for its usage."),
    Case(
      error: "timeout in hexadecimal", arguments: ["state", "--timeout", "0x10"],
      message:
        "--timeout expects decimal seconds from 0.001 to 86400, such as 5 or 0.5 (0 is refused), got '0x10'",
      hint: "Run 'deeplink help state' for its usage."),
    Case(
      error: "timeout with an exponent", arguments: ["state", "--timeout", "1e1"],
      message:
        "--timeout expects decimal seconds from 0.001 to 86400, such as 5 or 0.5 (0 is refused), got '1e1'",
      hint: "Run 'deeplink help state' for its usage."),
    Case(
      error: "timeout with a sign", arguments: ["state", "--timeout", "+5"],
      message:
        "--timeout expects decimal seconds from 0.001 to 86400, such as 5 or 0.5 (0 is refused), got '+5'",
      hint: "Run 'deeplink help state' for its usage."),
    Case(
      error: "timeout with two points", arguments: ["state", "--timeout", "1.2.3"],
      message:
        "--timeout expects decimal seconds from 0.001 to 86400, such as 5 or 0.5 (0 is refused), got '1.2.3'",
      hint: "Run 'deeplink help state' for its usage."),
    Case(
      error: "a URL given to url", arguments: ["url", "DEBUG://Recipe/?id=042"],
      message: "url takes a route and its options, not a URL; to check a URL and print its canonical form, "
        + "run `deeplink open --dry-run 'DEBUG://Recipe/?id=042'`",
      hint: "Run 'deeplink help open' for its usage."),
    Case(
      error: "wait --pid not a number", arguments: ["wait", "--pid", "0x10"],
      message: "--pid expects a process id (a positive decimal integer), got '0x10'",
      hint: "Run 'deeplink help wait' for its usage."),
    Case(
      error: "wait --pid zero", arguments: ["wait", "--pid", "0"],
      message: "--pid expects a process id (a positive decimal integer), got '0'",
      hint: "Run 'deeplink help wait' for its usage."),
    Case(
      error: "--pid elsewhere", arguments: ["state", "--pid", "1"],
      message: "unknown option '--pid'; state takes \(globals)",
      hint: "Run 'deeplink help state' for its usage."),
    Case(
      error: "--help after -- is an argument", arguments: ["open", "--", "--help"],
      message: "'--help' is not a debug link: it has no '://'; expected debug://<route>?<name>=<value>",
      hint: routesHint),
    Case(
      error: "help for an unknown topic", arguments: ["help", "recipee"],
      message: "no help for 'recipee' — did you mean 'recipe'?", hint: topHint),
    Case(
      error: "help for nothing close", arguments: ["help", "xyzzy"],
      message: "no help for 'xyzzy'; expected a command or a route", hint: topHint),
    Case(
      error: "help for the hidden callback", arguments: ["help", "__complete"],
      message: "no help for '__complete'; expected a command or a route", hint: topHint),
    Case(
      error: "help with two topics", arguments: ["help", "recipe", "state"],
      message: "unexpected argument 'state'; help takes one command or route",
      hint: "Run 'deeplink help help' for its usage."),
    Case(
      error: "timeout not a number", arguments: ["--timeout", "abc", "state"],
      message:
        "--timeout expects decimal seconds from 0.001 to 86400, such as 5 or 0.5 (0 is refused), got 'abc'",
      hint: topHint),
    Case(
      error: "timeout zero", arguments: ["state", "--timeout", "0"],
      message:
        "--timeout expects decimal seconds from 0.001 to 86400, such as 5 or 0.5 (0 is refused), got '0'",
      hint: "Run 'deeplink help state' for its usage."),
    Case(
      error: "timeout negative", arguments: ["wait", "--timeout", "-1"],
      message:
        "--timeout expects decimal seconds from 0.001 to 86400, such as 5 or 0.5 (0 is refused), got '-1'",
      hint: "Run 'deeplink help wait' for its usage."),
    Case(
      error: "timeout infinite", arguments: ["wait", "--timeout=inf"],
      message:
        "--timeout expects decimal seconds from 0.001 to 86400, such as 5 or 0.5 (0 is refused), got 'inf'",
      hint: "Run 'deeplink help wait' for its usage."),
    Case(
      error: "timeout too large to be a deadline", arguments: ["settings", "--timeout", "1e300"],
      message:
        "--timeout expects decimal seconds from 0.001 to 86400, such as 5 or 0.5 (0 is refused), got '1e300'",
      hint: "Run 'deeplink help settings' for its options."),
    Case(
      error: "timeout not a number at all", arguments: ["wait", "--timeout", "nan"],
      message:
        "--timeout expects decimal seconds from 0.001 to 86400, such as 5 or 0.5 (0 is refused), got 'nan'",
      hint: "Run 'deeplink help wait' for its usage."),
    Case(
      error: "timeout without value", arguments: ["wait", "--timeout"],
      message: "--timeout needs a value", hint: "Run 'deeplink help wait' for its usage."),
    Case(
      error: "timeout given twice", arguments: ["--timeout", "1", "wait", "--timeout", "2"],
      message: "--timeout is given twice; give it once", hint: "Run 'deeplink help wait' for its usage."),
    Case(
      error: "empty socket", arguments: ["--socket=", "state"],
      message: "--socket expects a socket path, got ''", hint: topHint),
    Case(
      error: "a flag with a value", arguments: ["state", "--json=yes"],
      message: "--json takes no value, got 'yes'; write --json alone",
      hint: "Run 'deeplink help state' for its usage."),
    Case(
      error: "--help with a value", arguments: ["state", "--help=me"],
      message: "--help takes no value, got 'me'; write --help alone",
      hint: "Run 'deeplink help state' for its usage."),
    Case(
      error: "unknown option for a command", arguments: ["state", "--bogus"],
      message: "unknown option '--bogus'; state takes \(globals)",
      hint: "Run 'deeplink help state' for its usage."),
    Case(
      error: "unknown global option", arguments: ["--bogus", "state"],
      message: "unknown option '--bogus'; the global options are \(globals)", hint: topHint),
    Case(
      error: "unknown global option, close", arguments: ["--sockt", "x", "state"],
      message: "unknown option '--sockt' — did you mean '--socket'?", hint: topHint),
    Case(
      error: "unknown short global option", arguments: ["-v"],
      message: "unknown option '-v'; the global options are \(globals)", hint: topHint),
    Case(
      error: "conflicting formats", arguments: ["routes", "--json", "--markdown"],
      message: "--json and --markdown cannot be used together; choose one",
      hint: "Run 'deeplink help routes' for its usage."),
    Case(
      error: "a command's own option, misspelt", arguments: ["routes", "--markdwn"],
      message: "unknown option '--markdwn' for routes — did you mean '--markdown'?",
      hint: "Run 'deeplink help routes' for its usage."),
    Case(
      error: "unexpected argument for a command", arguments: ["state", "now"],
      message: "unexpected argument 'now'; state takes no arguments",
      hint: "Run 'deeplink help state' for its usage."),
    Case(
      error: "open without a URL", arguments: ["open"],
      message: "open needs a URL, such as debug://<route>?<name>=<value>",
      hint: "Run 'deeplink help open' for its usage."),
    Case(
      error: "open with an unknown route", arguments: ["open", "debug://recipee?id=1"],
      message: "unknown route 'recipee' — did you mean 'recipe'?", hint: routesHint),
    Case(
      error: "open with a bad value", arguments: ["open", "debug://recipe?id=abc"],
      message: "id expects an integer, got 'abc'", hint: routesHint),
    Case(
      error: "open with two URLs", arguments: ["open", "debug://login", "debug://settings"],
      message: "unexpected argument 'debug://settings'; open takes one URL",
      hint: "Run 'deeplink help open' for its usage."),
    Case(
      error: "url without a route", arguments: ["url"],
      message: "url needs a route", hint: "Run 'deeplink help url' for its usage."),
    Case(
      error: "url with a route's option before the route", arguments: ["url", "--id", "1"],
      message: "url needs a route before the route's options (deeplink url <route> --<option> …)",
      hint: "Run 'deeplink help url' for its usage."),
    Case(
      error: "url with an unknown route", arguments: ["url", "recipee"],
      message: "unknown route 'recipee' — did you mean 'recipe'?", hint: routesHint),
    Case(
      error: "url with a route's error", arguments: ["url", "recipe"],
      message: "recipe requires --id", hint: recipeHint),
    Case(
      error: "completions without a shell", arguments: ["completions"],
      message: "completions needs a shell: bash, zsh, fish",
      hint: "Run 'deeplink help completions' for its usage."),
    Case(
      error: "completions for an unknown shell", arguments: ["completions", "tcsh"],
      message: "unknown shell 'tcsh'; expected one of bash, zsh, fish",
      hint: "Run 'deeplink help completions' for its usage."),
    Case(
      error: "completions for a misspelt shell", arguments: ["completions", "bsh"],
      message: "unknown shell 'bsh' — did you mean 'bash'?",
      hint: "Run 'deeplink help completions' for its usage."),
    Case(
      error: "batch with two files", arguments: ["batch", "a.txt", "b.txt"],
      message: "unexpected argument 'b.txt'; batch takes at most one file",
      hint: "Run 'deeplink help batch' for its usage."),
  ]

  @Test(arguments: cases)
  func reportsTheExactMessage(_ testCase: Case) {
    do {
      let invocation = try parse(testCase.arguments)
      Issue.record("parsed as \(invocation)")
    } catch {
      #expect(error.message == testCase.message)
      #expect(error.hint(for: .deeplink) == testCase.hint)
      #expect(error.description == testCase.message + "\n" + testCase.hint)
      #expect(error.exitCode == .usage)
    }
  }

  @Test(arguments: cases)
  func messagesAreOneLine(_ testCase: Case) {
    #expect(!testCase.message.contains("\n"))
  }

  @Test func typedErrorsCarryWhatWasSeen() {
    #expect(throws: UsageError.unknownCommand("recipee", suggestion: "recipe")) { try parse(["recipee"]) }
    #expect(throws: UsageError.argument(.missingValue("id"), route: "recipe")) {
      try parse(["recipe", "--id"])
    }
    #expect(throws: UsageError.missingArgument("open", what: "a URL, such as debug://<route>?<name>=<value>"))
    {
      try parse(["open"])
    }
  }
}
