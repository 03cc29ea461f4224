import DeepLinkCommand
import DeepLinkRoutes
import RecipeSampleRoutes
import Testing

struct StyleTests {
  @Test(
    arguments: [
      (true, [:], true),
      (false, [:], false),
      (true, ["NO_COLOR": "1"], false),
      (true, ["NO_COLOR": ""], true),
      (false, ["NO_COLOR": "1"], false),
      (true, ["TERM": "dumb"], false),
      (true, ["TERM": "xterm-256color"], true),
    ] as [(Bool, [String: String], Bool)])
  func coloursOnlyOnATerminalWithoutNoColor(_ isTTY: Bool, _ environment: [String: String], _ colored: Bool) {
    let style = Style(isTTY: isTTY, environment: environment)
    #expect(style.isColored == colored)
    #expect((style.bold("x") == "x") == !colored)
  }

  @Test func escapes() {
    #expect(Style(isColored: true).bold("USAGE") == "\u{1B}[1mUSAGE\u{1B}[0m")
    #expect(Style(isColored: true).red("error") == "\u{1B}[31merror\u{1B}[0m")
    #expect(Style.plain.red("error") == "error")
  }
}

struct ExitCodeTests {
  @Test func valuesAreStable() {
    #expect(ExitCode.allCases.map(\.rawValue) == [0, 1, 64, 65, 66, 69, 70, 75, 141])
    #expect(UsageError.trailingBackslash.exitCode.rawValue == 64)
  }
}

struct VersionTests {
  @Test func namesTheReleaseAndTheTable() {
    #expect(
      DeepLinkVersion.string(table: .recipeSample, tool: .deeplink)
        == "deeplink \(DeepLinkVersion.number) (route table \(RouteTable.recipeSample.version), built in)")
  }
}

struct CommandLineFormTests {
  @Test(
    arguments: [
      ("recipe", ["id": ArgumentValue.integer(42)], "recipe --id 42"),
      ("recipe-edit", ["id": .integer(1), "unsaved": .boolean(true)], "recipe-edit --id 1 --unsaved"),
      ("login-error", ["message": .string("Bad password")], "login-error --message 'Bad password'"),
      ("login-error", ["message": .string("-x")], "login-error --message=-x"),
      ("login-error", ["message": .string("")], "login-error --message ''"),
      ("login-error", ["message": .string("-\u{0301}x")], "login-error '--message=-\u{0301}x'"),
      ("login-error", ["message": .string("--\u{0599}")], "login-error '--message=--\u{0599}'"),
      ("login-error", ["message": .string("'\u{0599}x")], "login-error --message ''\\''\u{0599}x'"),
      ("profile", [:], "profile"),
    ] as [(String, [String: ArgumentValue], String)])
  func aLinkWritesTheArgumentsThatParseBackToIt(
    _ route: String, _ values: [String: ArgumentValue], _ line: String
  )
    throws
  {
    let link = try RouteTable.recipeSample.route(named: route)!.bind(values.map { ($0.key, $0.value.text) })
    #expect(link.commandLine == line)
    #expect(try BatchLine.parse(line, table: .recipeSample) == link)
  }
}

/// Compile-time: the values the runner passes around stay `Sendable`.
struct SendableTests {
  @Test func publicTypesAreSendable() {
    func check(_: (some Sendable).Type) {}
    check(Invocation.self)
    check(GlobalOptions.self)
    check(UsageError.self)
    check(HelpTopic.self)
    check(ArgumentToken.self)
    check(Style.self)
    check(ExitCode.self)
  }
}

struct GlobalOptionsTests {
  @Test(
    arguments: [(nil, 5_000), (0.5, 500), (0.001, 1), (30, 30_000), (86_400, 86_400_000)] as [(Double?, Int)])
  func timeoutMilliseconds(_ timeout: Double?, _ milliseconds: Int) {
    #expect(GlobalOptions(timeout: timeout).timeoutMilliseconds == milliseconds)
  }
}
