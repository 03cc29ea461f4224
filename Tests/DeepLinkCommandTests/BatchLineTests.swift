import DeepLinkRoutes
import RecipeSampleRoutes
import Testing

@testable import DeepLinkCommand

struct BatchLineTests {
  static func link(_ name: String, _ arguments: KeyValuePairs<String, ArgumentValue> = [:]) -> Link {
    TestTables.link(.recipeSample, name, arguments)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let line: String
    let link: Link?
    var testDescription: String { line.debugDescription }
  }

  static let cases: [Case] = [
    Case(line: "", link: nil),
    Case(line: "   \t ", link: nil),
    Case(line: "# a comment", link: nil),
    Case(line: "   # an indented comment", link: nil),
    Case(line: "\r", link: nil),
    Case(line: "settings", link: link("settings")),
    Case(line: "recipe --id 42", link: link("recipe", ["id": .integer(42)])),
    Case(line: "  recipe   --id=42  ", link: link("recipe", ["id": .integer(42)])),
    Case(line: "recipe --id 42 # then the editor", link: link("recipe", ["id": .integer(42)])),
    Case(line: "recipe --id 42\r", link: link("recipe", ["id": .integer(42)])),
    Case(
      line: "recipe-edit --id 7 --unsaved",
      link: link("recipe-edit", ["id": .integer(7), "unsaved": .boolean(true)])),
    Case(
      line: #"login-error --message "Bad password""#,
      link: link("login-error", ["message": .string("Bad password")])),
    Case(
      line: "login-error --message 'Bad password'",
      link: link("login-error", ["message": .string("Bad password")])),
    Case(
      line: #"login-error --message Bad\ password"#,
      link: link("login-error", ["message": .string("Bad password")])),
    Case(
      line: #"login-error --message 'It'\''s wrong'"#,
      link: link("login-error", ["message": .string("It's wrong")])),
    Case(
      line: #"login-error --message "say \"no\"""#,
      link: link("login-error", ["message": .string(#"say "no""#)])),
    Case(
      line: ##"login-error --message "#1 # not a comment""##,
      link: link("login-error", ["message": .string("#1 # not a comment")])),
    Case(line: #"login-error --message a#b"#, link: link("login-error", ["message": .string("a#b")])),
    Case(line: "login-error --message ''", link: link("login-error", ["message": .string("")])),
    Case(line: "login-error --message -x", link: link("login-error", ["message": .string("-x")])),
    Case(line: "debug://recipe?id=42", link: link("recipe", ["id": .integer(42)])),
    Case(line: "  debug://settings  ", link: link("settings")),
    Case(line: "DEBUG://Recipe?id=7 # upper case is fine", link: link("recipe", ["id": .integer(7)])),
    Case(
      line: "'debug://login-error?message=Bad%20password'",
      link: link("login-error", ["message": .string("Bad password")])),
  ]

  @Test(arguments: cases)
  func parses(_ testCase: Case) throws {
    #expect(try BatchLine.parse(testCase.line, table: .recipeSample) == testCase.link)
  }

  struct ErrorCase: Sendable, CustomTestStringConvertible {
    let line: String
    let message: String
    let hint: String
    var testDescription: String { line.debugDescription }
  }

  static let errors: [ErrorCase] = [
    ErrorCase(
      line: #"login-error --message "Bad password"#,
      message: #"unterminated " quote; close it, or escape the quote with a backslash"#,
      hint: "Run 'deeplink help batch' for the format of a line."),
    ErrorCase(
      line: "login-error --message 'Bad",
      message: "unterminated ' quote; close it, or escape the quote with a backslash",
      hint: "Run 'deeplink help batch' for the format of a line."),
    ErrorCase(
      line: #"recipe --id 1 \"#, message: #"the line ends with a lone backslash; write \\ for a backslash"#,
      hint: "Run 'deeplink help batch' for the format of a line."),
    ErrorCase(
      line: "recipee --id 1", message: "unknown route 'recipee' — did you mean 'recipe'?",
      hint: "Run 'deeplink routes' for the routes and their options."),
    ErrorCase(
      line: "state", message: "unknown route 'state'",
      hint: "Run 'deeplink routes' for the routes and their options."),
    ErrorCase(
      line: "recipe --id abc", message: "--id expects an integer, got 'abc'",
      hint: "Run 'deeplink help recipe' for its options."),
    ErrorCase(
      line: "recipe", message: "recipe requires --id", hint: "Run 'deeplink help recipe' for its options."),
    ErrorCase(
      line: "recipe --id 1 --json", message: "unknown option '--json'; recipe takes --id",
      hint: "Run 'deeplink help recipe' for its options."),
    ErrorCase(
      line: "recipe --help", message: "unknown option '--help'; recipe takes --id",
      hint: "Run 'deeplink help recipe' for its options."),
    ErrorCase(
      line: "recipe --id 1 2", message: "unexpected argument '2'; recipe takes only options: --id <integer>",
      hint: "Run 'deeplink help recipe' for its options."),
    ErrorCase(
      line: "debug://recipe?id=x", message: "id expects an integer, got 'x'",
      hint: "Run 'deeplink routes' for the routes and their options."),
    ErrorCase(
      line: "debug://settings now", message: "unexpected argument 'now'; a URL line holds the URL alone",
      hint: "Run 'deeplink help batch' for its usage."),
    ErrorCase(
      line: "debug://settings#top",
      message: "unexpected fragment '#top'; debug links take no fragment (percent-encode '#' as %23)",
      hint: "Run 'deeplink routes' for the routes and their options."),
  ]

  @Test(arguments: errors)
  func reportsTheExactMessage(_ testCase: ErrorCase) {
    do {
      let link = try BatchLine.parse(testCase.line, table: .recipeSample)
      Issue.record("parsed as \(String(describing: link))")
    } catch {
      #expect(error.message == testCase.message)
      #expect(error.hint(for: .deeplink) == testCase.hint)
    }
  }

  @Test func aLineMeansWhatTheSameCommandLineMeans() throws {
    for line in ["recipe --id 3", "recipes --sort=rating", "recipe-edit --unsaved --id 9", "profile --id -x"]
    {
      let words = line.split(separator: " ").map(String.init)
      #expect(
        try parse(words).command == BatchLine.parse(line, table: .recipeSample).map(ExpectedCommand.link)!)
    }
  }

  @Test(
    arguments: [
      ("", [""]),
      ("settings", ["settings"]),
      ("settings\n", ["settings", ""]),
      ("settings\r\nrecipe --id 42\r\n", ["settings", "recipe --id 42", ""]),
      ("a\nb\r\nc", ["a", "b", "c"]),
      ("a\r\r\n\r\n\rb", ["a\r", "", "\rb"]),
      ("é\r\n", ["é", ""]),
    ] as [(String, [String])])
  func linesSplitAtLineFeedsDroppingOneCarriageReturn(_ text: String, _ lines: [String]) {
    #expect(BatchLine.lines(of: Array(text.utf8)) == lines)
  }

  @Test func aLineThatIsNotUTF8IsNil() {
    #expect(BatchLine.lines(of: [0x61, 0x0A, 0xFF, 0x0D, 0x0A, 0x62]) == ["a", nil, "b"])
  }
}
