import DeepLinkCommand
import Testing

struct ArgumentTokenizerTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let tokens: [ArgumentToken]
    var testDescription: String { arguments.description }
  }

  static let cases: [Case] = [
    Case(arguments: [], tokens: []),
    Case(
      arguments: ["recipe", "--id", "42"],
      tokens: [.argument("recipe"), .longOption(name: "id", value: nil), .argument("42")]),
    Case(arguments: ["--id=42"], tokens: [.longOption(name: "id", value: "42")]),
    Case(arguments: ["--message="], tokens: [.longOption(name: "message", value: "")]),
    Case(arguments: ["--message=a=b"], tokens: [.longOption(name: "message", value: "a=b")]),
    Case(arguments: ["--message=-x"], tokens: [.longOption(name: "message", value: "-x")]),
    Case(arguments: ["--message=--"], tokens: [.longOption(name: "message", value: "--")]),
    Case(arguments: ["-h"], tokens: [.shortOption("h")]),
    Case(arguments: ["-abc"], tokens: [.shortOption("abc")]),
    Case(
      arguments: ["-1", "-", "-2.5", "-.5"],
      tokens: [.argument("-1"), .argument("-"), .argument("-2.5"), .argument("-.5")]),
    Case(arguments: [""], tokens: [.argument("")]),
    Case(
      arguments: ["--", "--id", "-h", "--"],
      tokens: [.terminator, .argument("--id"), .argument("-h"), .argument("--")]),
    Case(
      arguments: ["a", "--", "b"], tokens: [.argument("a"), .terminator, .argument("b")]),
    Case(arguments: ["--="], tokens: [.longOption(name: "", value: "")]),
    // A combining mark after `=` or `-` makes one `Character` with it; syntax is found in
    // bytes, so the `=` is still seen (found by fuzz-arguments).
    Case(arguments: ["--message=\u{0599}x"], tokens: [.longOption(name: "message", value: "\u{0599}x")]),
    Case(arguments: ["--id=\u{0301}abc"], tokens: [.longOption(name: "id", value: "\u{0301}abc")]),
    Case(arguments: ["--\u{0301}x"], tokens: [.longOption(name: "\u{0301}x", value: nil)]),
    Case(arguments: ["-\u{0301}"], tokens: [.shortOption("\u{0301}")]),
  ]

  @Test(arguments: cases)
  func tokenizes(_ testCase: Case) {
    #expect(ArgumentTokenizer.tokenize(testCase.arguments) == testCase.tokens)
  }

  @Test(arguments: cases)
  func tokensGiveBackTheirText(_ testCase: Case) {
    #expect(ArgumentTokenizer.tokenize(testCase.arguments).map(\.text) == testCase.arguments)
  }

  @Test func helpAndVersionAreRecognized() {
    #expect(ArgumentToken.shortOption("h").isHelp)
    #expect(ArgumentToken.longOption(name: "help", value: nil).isHelp)
    #expect(!ArgumentToken.longOption(name: "help", value: "x").isHelp)
    #expect(!ArgumentToken.argument("-h").isHelp)
    #expect(ArgumentToken.longOption(name: "version", value: nil).isVersion)
  }
}
