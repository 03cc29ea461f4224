import DeepLinkRoutes
import RecipeSampleRoutes
import Testing

@testable import DeepLinkCommand

/// Every parsing rule of the command line, on a small table with every kind of parameter.
struct InvocationParsingTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let rule: String
    let arguments: [String]
    let command: ExpectedCommand
    var options = GlobalOptions()
    var testDescription: String { "\(rule): \(arguments.joined(separator: " "))" }
  }

  static let table = TestTables.small
  static func alpha(_ arguments: KeyValuePairs<String, ArgumentValue>) -> Link {
    TestTables.link(table, "alpha", arguments)
  }
  static let alphaRoute = table.route(named: "alpha")!

  static let cases: [Case] = [
    Case(
      rule: "--name value", arguments: ["alpha", "--count", "3"],
      command: .link(alpha(["count": .integer(3)]))),
    Case(
      rule: "--name=value", arguments: ["alpha", "--count=3"], command: .link(alpha(["count": .integer(3)]))),
    Case(
      rule: "a negative number is an integer's value", arguments: ["alpha", "--count", "-1"],
      command: .link(alpha(["count": .integer(-1)]))),
    Case(
      rule: "an attached value may start with a dash", arguments: ["alpha", "--count=-5"],
      command: .link(alpha(["count": .integer(-5)]))),
    Case(
      rule: "a string option takes a next word starting with a dash",
      arguments: ["alpha", "--count", "1", "--note", "-x"],
      command: .link(alpha(["count": .integer(1), "note": .string("-x")]))),
    Case(
      rule: "--name=-value", arguments: ["alpha", "--count", "1", "--note=-x"],
      command: .link(alpha(["count": .integer(1), "note": .string("-x")]))),
    Case(
      rule: "--name=--value", arguments: ["alpha", "--count", "1", "--note=--json"],
      command: .link(alpha(["count": .integer(1), "note": .string("--json")]))),
    Case(
      rule: "--name= is an empty value", arguments: ["alpha", "--count", "1", "--note="],
      command: .link(alpha(["count": .integer(1), "note": .string("")]))),
    Case(
      rule: "--name= never swallows the next argument", arguments: ["alpha", "--note=", "--count", "2"],
      command: .link(alpha(["count": .integer(2), "note": .string("")]))),
    Case(
      rule: "an empty argument is a value", arguments: ["alpha", "--count", "1", "--note", ""],
      command: .link(alpha(["count": .integer(1), "note": .string("")]))),
    Case(
      rule: "a boolean is a flag", arguments: ["alpha", "--loud", "--count", "1"],
      command: .link(alpha(["count": .integer(1), "loud": .boolean(true)]))),
    Case(
      rule: "--flag=false", arguments: ["alpha", "--count", "1", "--loud=false"],
      command: .link(alpha(["count": .integer(1)]))),
    Case(
      rule: "a choice", arguments: ["alpha", "--count", "1", "--mode", "slow"],
      command: .link(alpha(["count": .integer(1), "mode": .string("slow")]))),
    Case(
      rule: "-- ends the options", arguments: ["alpha", "--count", "1", "--"],
      command: .link(alpha(["count": .integer(1)]))),
    Case(
      rule: "a route without parameters", arguments: ["beta"], command: .link(TestTables.link(table, "beta"))),
    Case(
      rule: "global options before the route",
      arguments: ["--json", "--socket", "/tmp/s", "alpha", "--count=1"],
      command: .link(alpha(["count": .integer(1)])), options: GlobalOptions(socket: "/tmp/s", json: true)),
    Case(
      rule: "global options after the route",
      arguments: ["alpha", "--count", "1", "--quiet", "--timeout", "2.5", "--socket=/tmp/s"],
      command: .link(alpha(["count": .integer(1)])),
      options: GlobalOptions(socket: "/tmp/s", timeout: 2.5, quiet: true)),
    Case(
      rule: "a socket path may start with a dash", arguments: ["--socket", "-s", "beta"],
      command: .link(TestTables.link(table, "beta")), options: GlobalOptions(socket: "-s")),
    Case(
      rule: "a route's parameter wins over a global option of the same name",
      arguments: ["gamma", "--json", "yes"],
      command: .link(TestTables.link(table, "gamma", ["json": .string("yes")]))),
    Case(
      rule: "the global option before the route", arguments: ["--json", "gamma"],
      command: .link(TestTables.link(table, "gamma")), options: GlobalOptions(json: true)),
    Case(rule: "nothing is the overview", arguments: [], command: .help(.topLevel)),
    Case(rule: "help", arguments: ["help"], command: .help(.topLevel)),
    Case(rule: "--help", arguments: ["--help"], command: .help(.topLevel)),
    Case(rule: "-h", arguments: ["-h"], command: .help(.topLevel)),
    Case(rule: "help <route>", arguments: ["help", "alpha"], command: .help(.route(alphaRoute))),
    Case(rule: "<route> --help", arguments: ["alpha", "--help"], command: .help(.route(alphaRoute))),
    Case(rule: "<route> -h", arguments: ["alpha", "-h"], command: .help(.route(alphaRoute))),
    Case(
      rule: "--help wins over an error", arguments: ["alpha", "--count", "abc", "--help"],
      command: .help(.route(alphaRoute))),
    Case(
      rule: "-h is never an option's value", arguments: ["alpha", "--note", "-h"],
      command: .help(.route(alphaRoute))),
    Case(
      rule: "--help after global options", arguments: ["--socket", "s", "alpha", "--bogus", "--help"],
      command: .help(.route(alphaRoute))),
    Case(rule: "help <command>", arguments: ["help", "batch"], command: .help(.command("batch"))),
    Case(rule: "<command> --help", arguments: ["batch", "--help"], command: .help(.command("batch"))),
    Case(rule: "url --help", arguments: ["url", "--help"], command: .help(.command("url"))),
    Case(rule: "url <route> --help", arguments: ["url", "alpha", "-h"], command: .help(.route(alphaRoute))),
    Case(
      rule: "help <route> --help", arguments: ["help", "alpha", "--help"], command: .help(.route(alphaRoute))),
    Case(rule: "help --help", arguments: ["help", "--help"], command: .help(.topLevel)),
    Case(rule: "--version", arguments: ["--version"], command: .version),
    Case(rule: "--version after a route", arguments: ["alpha", "--version"], command: .version),
    Case(rule: "version", arguments: ["version"], command: .version),
    Case(
      rule: "url", arguments: ["url", "alpha", "--count", "2"], command: .url(alpha(["count": .integer(2)]))),
    Case(
      rule: "url with global options", arguments: ["url", "--quiet", "alpha", "--count", "2"],
      command: .url(alpha(["count": .integer(2)])), options: GlobalOptions(quiet: true)),
    Case(
      rule: "open", arguments: ["open", "debug://alpha?count=2"],
      command: .open(alpha(["count": .integer(2)]))),
    Case(
      rule: "open after --", arguments: ["open", "--", "debug://beta"],
      command: .open(TestTables.link(table, "beta"))),
    Case(
      rule: "open --dry-run", arguments: ["open", "--dry-run", "debug://beta"],
      command: .open(TestTables.link(table, "beta")), options: GlobalOptions(dryRun: true)),
    Case(rule: "routes", arguments: ["routes"], command: .routes(.table)),
    Case(
      rule: "routes --json", arguments: ["routes", "--json"], command: .routes(.json),
      options: GlobalOptions(json: true)),
    Case(
      rule: "--json routes", arguments: ["--json", "routes"], command: .routes(.json),
      options: GlobalOptions(json: true)),
    Case(rule: "routes --markdown", arguments: ["routes", "--markdown"], command: .routes(.markdown)),
    Case(rule: "state", arguments: ["state"], command: .state),
    Case(
      rule: "state --json", arguments: ["state", "--json"], command: .state,
      options: GlobalOptions(json: true)),
    Case(rule: "screen", arguments: ["screen"], command: .screen),
    Case(
      rule: "wait --timeout", arguments: ["wait", "--timeout", "3"], command: .wait(pid: nil),
      options: GlobalOptions(timeout: 3)),
    Case(
      rule: "wait --timeout=0.25", arguments: ["wait", "--timeout=0.25"], command: .wait(pid: nil),
      options: GlobalOptions(timeout: 0.25)),
    Case(
      rule: "wait --timeout .5", arguments: ["wait", "--timeout", ".5"], command: .wait(pid: nil),
      options: GlobalOptions(timeout: 0.5)),
    Case(rule: "wait --pid", arguments: ["wait", "--pid", "1234"], command: .wait(pid: 1234)),
    Case(rule: "wait --pid=", arguments: ["wait", "--pid=7"], command: .wait(pid: 7)),
    Case(rule: "batch reads stdin", arguments: ["batch"], command: .batch(path: nil)),
    Case(rule: "batch - reads stdin", arguments: ["batch", "-"], command: .batch(path: nil)),
    Case(rule: "batch FILE", arguments: ["batch", "steps.txt"], command: .batch(path: "steps.txt")),
    Case(rule: "batch -- FILE", arguments: ["batch", "--", "-steps"], command: .batch(path: "-steps")),
    Case(rule: "completions", arguments: ["completions", "zsh"], command: .completions(shell: .zsh)),
    Case(
      rule: "__complete passes its arguments through", arguments: ["__complete", "alpha", "--c", "--help"],
      command: .complete(["alpha", "--c", "--help"])),
  ]

  @Test(arguments: cases)
  func parses(_ testCase: Case) throws {
    let invocation = try parse(testCase.arguments, Self.table)
    #expect(invocation.command == testCase.command)
    #expect(invocation.options == testCase.options)
  }

  @Test func theRecipeSampleTableParsesItsSeedLinks() throws {
    let table = RouteTable.recipeSample
    #expect(
      try parse(["recipe", "--id", "42"]).command
        == .link(TestTables.link(table, "recipe", ["id": .integer(42)])))
    #expect(
      try parse(["recipe-edit", "--id", "42", "--unsaved"]).command
        == .link(TestTables.link(table, "recipe-edit", ["id": .integer(42), "unsaved": .boolean(true)])))
    #expect(
      try parse(["login-error", "--message", "Bad password"]).command
        == .link(TestTables.link(table, "login-error", ["message": .string("Bad password")])))
    #expect(try parse(["settings"]).command == .link(TestTables.link(table, "settings")))
  }

  @Test func aRouteAddedToTheTableIsASubcommandWithNoOtherEdit() throws {
    let table = TestTables.extended
    let search = table.route(named: "search")!
    #expect(
      try parse(["search", "--query", "soup", "--limit", "5"], table).command
        == .link(TestTables.link(table, "search", ["query": .string("soup"), "limit": .integer(5)])))
    #expect(try parse(["search", "--help"], table).command == .help(.route(search)))
    #expect(try parse(["help", "search"], table).command == .help(.route(search)))
    #expect(throws: UsageError.argument(.missingParameter("query", route: "search"), route: "search")) {
      try parse(["search"], table)
    }
    #expect(throws: UsageError.unknownCommand("search", suggestion: nil)) { try parse(["search"]) }
    #expect(
      try BatchLine.parse("search --query 'tomato soup'", table: table)?["query"] == .string("tomato soup"))
    let help = HelpFormatter.text(for: .route(search), table: table, tool: .deeplink)
    #expect(help.contains("--limit <integer>"))
    #expect(help.contains("deeplink search --query example"))
    #expect(help.contains("sends debug://search?query=example"))
    let overview = HelpFormatter.text(for: .topLevel, table: table, tool: .deeplink)
    #expect(overview.contains("\n  search  ") && overview.contains("  Show search results\n"))
    #expect(
      RoutesFormatter.markdown(table: table, tool: .deeplink).contains(
        "| `search` | `--limit` | integer, 1 to 50 | `20` |"))
  }
}
