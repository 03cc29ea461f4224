import DeepLinkRoutes
import Testing

/// The sentence for each value error, naming the parameter as the user wrote it: `id` in a
/// URL, `--id` on a command line.
@Suite("Value error messages")
struct ValueErrorTests {
  struct MessageCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let error: ValueError
    let parameter: String
    let message: String

    init(_ name: String, _ error: ValueError, _ parameter: String, _ message: String) {
      self.testDescription = name
      self.error = error
      self.parameter = parameter
      self.message = message
    }
  }

  static let cases: [MessageCase] = [
    MessageCase("not an integer", .notAnInteger("abc"), "--id", "--id expects an integer, got 'abc'"),
    MessageCase("not an integer, in a URL", .notAnInteger("abc"), "id", "id expects an integer, got 'abc'"),
    MessageCase(
      "too large for an integer", .integerOverflow("99999999999999999999"), "--id",
      "--id expects an integer between -9223372036854775808 and 9223372036854775807,"
        + " got '99999999999999999999' (too large)"),
    MessageCase(
      "too small for an integer", .integerOverflow("-99999999999999999999"), "--id",
      "--id expects an integer between -9223372036854775808 and 9223372036854775807,"
        + " got '-99999999999999999999' (too small)"),
    MessageCase(
      "out of range", .outOfRange(0, 1...999_999), "--id", "--id expects an integer from 1 to 999999, got 0"),
    MessageCase(
      "out of a negative range", .outOfRange(-11, -10...(-1)), "n",
      "n expects an integer from -10 to -1, got -11"),
    MessageCase(
      "not a boolean", .notABoolean("yes"), "--unsaved",
      "--unsaved expects true or false (also 1 or 0; any letter case), got 'yes'"),
    MessageCase(
      "not a choice, with a suggestion", .notAChoice("nme", choices: ["name", "newest"], suggestion: "name"),
      "--sort",
      "--sort expects one of name, newest, got 'nme' (did you mean 'name'?)"),
    MessageCase(
      "not a choice, without a suggestion", .notAChoice("x", choices: ["name", "newest"], suggestion: nil),
      "sort",
      "sort expects one of name, newest, got 'x'"),
  ]

  @Test("says what was expected and what was given", arguments: cases)
  func message(_ example: MessageCase) {
    #expect(example.error.message(for: example.parameter) == example.message)
  }
}

/// A huge argument gives a readable, one-line error.
@Test func aHugeValueIsQuotedAsAnExcerpt() {
  let huge = String(repeating: "x", count: 100_000)
  let message = ValueError.notAnInteger(huge).message(for: "--id")
  #expect(
    message == "--id expects an integer, got '\(String(repeating: "x", count: 60))… (100000 characters)'")
}
