import DeepLinkRoutes
import Testing

/// What each parameter type accepts, and how its text becomes a value.
@Suite("Parameter types")
struct ParameterTypeTests {
  struct ParseCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let type: ParameterType
    let text: String
    let result: Result<ArgumentValue, ValueError>

    init(_ name: String, _ type: ParameterType, _ text: String, _ value: ArgumentValue) {
      self.testDescription = name
      self.type = type
      self.text = text
      self.result = .success(value)
    }

    init(_ name: String, _ type: ParameterType, _ text: String, throws error: ValueError) {
      self.testDescription = name
      self.type = type
      self.text = text
      self.result = .failure(error)
    }
  }

  static let integer = ParameterType.integer(range: nil)
  static let small = ParameterType.integer(range: 1...10)
  static let sort = ParameterType.choice(["name", "newest", "rating"])

  static let integerCases: [ParseCase] = [
    ParseCase("a positive number", integer, "42", .integer(42)),
    ParseCase("zero", integer, "0", .integer(0)),
    ParseCase("a negative number", integer, "-7", .integer(-7)),
    ParseCase("an explicit plus sign", integer, "+7", .integer(7)),
    ParseCase("leading zeros", integer, "007", .integer(7)),
    ParseCase("Int.max", integer, "9223372036854775807", .integer(.max)),
    ParseCase("Int.min", integer, "-9223372036854775808", .integer(.min)),
    ParseCase("the empty string", integer, "", throws: .notAnInteger("")),
    ParseCase("letters", integer, "abc", throws: .notAnInteger("abc")),
    ParseCase("a sign alone", integer, "-", throws: .notAnInteger("-")),
    ParseCase("two signs", integer, "--1", throws: .notAnInteger("--1")),
    ParseCase("mixed signs", integer, "+-1", throws: .notAnInteger("+-1")),
    ParseCase("a trailing sign", integer, "1-", throws: .notAnInteger("1-")),
    ParseCase("a decimal point", integer, "1.5", throws: .notAnInteger("1.5")),
    ParseCase("hexadecimal", integer, "0x10", throws: .notAnInteger("0x10")),
    ParseCase("an exponent", integer, "1e3", throws: .notAnInteger("1e3")),
    ParseCase("a space inside", integer, "4 2", throws: .notAnInteger("4 2")),
    ParseCase("a leading space", integer, " 42", throws: .notAnInteger(" 42")),
    ParseCase("non-ASCII digits", integer, "٤٢", throws: .notAnInteger("٤٢")),
    ParseCase("fullwidth digits", integer, "４２", throws: .notAnInteger("４２")),
    ParseCase(
      "one past Int.max", integer, "9223372036854775808", throws: .integerOverflow("9223372036854775808")),
    ParseCase(
      "one past Int.min", integer, "-9223372036854775809", throws: .integerOverflow("-9223372036854775809")),
    ParseCase(
      "twenty digits", integer, "99999999999999999999", throws: .integerOverflow("99999999999999999999")),
    ParseCase("the bottom of a range", small, "1", .integer(1)),
    ParseCase("the top of a range", small, "10", .integer(10)),
    ParseCase("below a range", small, "0", throws: .outOfRange(0, 1...10)),
    ParseCase("above a range", small, "11", throws: .outOfRange(11, 1...10)),
    ParseCase("far below a range", small, "-9223372036854775808", throws: .outOfRange(.min, 1...10)),
    ParseCase(
      "overflow names the range", small, "99999999999999999999",
      throws: .integerOverflow("99999999999999999999", range: 1...10)),
    ParseCase("garbage is not out of range", small, "x", throws: .notAnInteger("x")),
  ]

  static let otherCases: [ParseCase] = [
    ParseCase("any string", .string, "anything at all", .string("anything at all")),
    ParseCase("the empty string", .string, "", .string("")),
    ParseCase("a string of digits stays a string", .string, "42", .string("42")),
    ParseCase("a string with every delimiter", .string, "&=#%+?/ \"'\\", .string("&=#%+?/ \"'\\")),
    ParseCase("true", .boolean, "true", .boolean(true)),
    ParseCase("1", .boolean, "1", .boolean(true)),
    ParseCase("false", .boolean, "false", .boolean(false)),
    ParseCase("0", .boolean, "0", .boolean(false)),
    // One rule for booleans: any letter case, like the scheme and route of a URL.
    ParseCase("a boolean capitalised", .boolean, "True", .boolean(true)),
    ParseCase("a boolean in capitals", .boolean, "FALSE", .boolean(false)),
    ParseCase("a boolean in mixed case", .boolean, "tRuE", .boolean(true)),
    ParseCase("a word that only starts like true", .boolean, "truely", throws: .notABoolean("truely")),
    ParseCase("a combining mark after it", .boolean, "TRUE\u{0301}", throws: .notABoolean("TRUE\u{0301}")),
    ParseCase("on", .boolean, "on", throws: .notABoolean("on")),
    ParseCase("yes", .boolean, "yes", throws: .notABoolean("yes")),
    ParseCase("2", .boolean, "2", throws: .notABoolean("2")),
    ParseCase("an empty boolean", .boolean, "", throws: .notABoolean("")),
    ParseCase("a choice", sort, "newest", .string("newest")),
    ParseCase("the first choice", sort, "name", .string("name")),
    ParseCase("the last choice", sort, "rating", .string("rating")),
    ParseCase(
      "a typo of a choice", sort, "ratng",
      throws: .notAChoice("ratng", choices: ["name", "newest", "rating"], suggestion: "rating")),
    ParseCase(
      "a choice in capitals", sort, "NAME",
      throws: .notAChoice("NAME", choices: ["name", "newest", "rating"], suggestion: "name")),
    ParseCase(
      "no choice near", sort, "zzzz",
      throws: .notAChoice("zzzz", choices: ["name", "newest", "rating"], suggestion: nil)),
    ParseCase(
      "an empty choice", sort, "",
      throws: .notAChoice("", choices: ["name", "newest", "rating"], suggestion: nil)),
    ParseCase("a choice that is the empty string", .choice(["", "x"]), "", .string("")),
    ParseCase("a choice with delimiters", .choice(["a&b", "c d"]), "c d", .string("c d")),
  ]

  @Test("parses integers", arguments: integerCases)
  func integers(_ example: ParseCase) {
    #expect(Result { () throws(ValueError) in try example.type.parse(example.text) } == example.result)
  }

  @Test("parses strings, booleans and choices", arguments: otherCases)
  func others(_ example: ParseCase) {
    #expect(Result { () throws(ValueError) in try example.type.parse(example.text) } == example.result)
  }

  struct AcceptCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let type: ParameterType
    let value: ArgumentValue
    let accepted: Bool

    init(_ name: String, _ type: ParameterType, _ value: ArgumentValue, _ accepted: Bool) {
      self.testDescription = name
      self.type = type
      self.value = value
      self.accepted = accepted
    }
  }

  static let acceptCases: [AcceptCase] = [
    AcceptCase("any integer, no range", integer, .integer(.min), true),
    AcceptCase("an integer in range", small, .integer(10), true),
    AcceptCase("an integer out of range", small, .integer(11), false),
    AcceptCase("a string for an integer", integer, .string("1"), false),
    AcceptCase("a boolean for an integer", integer, .boolean(true), false),
    AcceptCase("a string", .string, .string(""), true),
    AcceptCase("an integer for a string", .string, .integer(1), false),
    AcceptCase("a boolean", .boolean, .boolean(false), true),
    AcceptCase("a string for a boolean", .boolean, .string("true"), false),
    AcceptCase("one of the choices", sort, .string("rating"), true),
    AcceptCase("not one of the choices", sort, .string("Rating"), false),
    AcceptCase("an integer for a choice", .choice(["1"]), .integer(1), false),
    AcceptCase("anything, for no choices", .choice([]), .string(""), false),
  ]

  @Test("accepts the values of its own type only", arguments: acceptCases)
  func accepts(_ example: AcceptCase) {
    #expect(example.type.accepts(example.value) == example.accepted)
  }

  @Test(
    "has a short name for help and JSON",
    arguments: [
      (ParameterType.integer(range: nil), "integer"), (.integer(range: 1...2), "integer"),
      (.string, "string"),
      (.boolean, "boolean"), (.choice(["a"]), "choice"),
    ])
  func name(_ type: ParameterType, _ name: String) {
    #expect(type.name == name)
  }

  @Test("every value a type parses, it accepts", arguments: integerCases + otherCases)
  func parsedIsAccepted(_ example: ParseCase) {
    guard case .success(let value) = example.result else { return }
    #expect(example.type.accepts(value))
  }
}
