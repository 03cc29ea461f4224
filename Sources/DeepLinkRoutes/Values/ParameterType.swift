/// The type of a route parameter: what it accepts, and how its text becomes a value.
public enum ParameterType: Hashable, Sendable {
  /// A decimal integer, optionally limited to a closed range.
  case integer(range: ClosedRange<Int>?)
  /// Any text, the empty string included.
  case string
  /// `true` or `false`, also `1` or `0`, in any letter case (``booleanRule``), the same in
  /// URLs and on the command line; a bare flag on the command line means `true`.
  case boolean
  /// Exactly one of a fixed, ordered set of strings.
  case choice([String])

  /// A short name for help text and `routes --json`: `integer`, `string`, `boolean`, `choice`.
  public var name: String {
    switch self {
    case .integer: "integer"
    case .string: "string"
    case .boolean: "boolean"
    case .choice: "choice"
    }
  }

  /// Turns the text of one argument into a typed value.
  ///
  ///     try ParameterType.integer(range: 1...10).parse("7")  // .integer(7)
  ///     try ParameterType.integer(range: nil).parse("abc")  // throws .notAnInteger("abc")
  ///
  /// - Throws: ``ValueError`` naming what was wrong with `text`.
  public func parse(_ text: String) throws(ValueError) -> ArgumentValue {
    switch self {
    case .integer(let range):
      let number: Int
      do {
        number = try Self.parseInteger(text)
      } catch .integerOverflow {
        throw .integerOverflow(text, range: range)
      }
      if let range, !range.contains(number) { throw .outOfRange(number, range) }
      return .integer(number)
    case .string:
      return .string(text)
    case .boolean:
      guard let flag = Self.parseBoolean(text) else { throw .notABoolean(text) }
      return .boolean(flag)
    case .choice(let choices):
      guard choices.contains(text) else {
        throw .notAChoice(text, choices: choices, suggestion: Suggestion.closest(to: text, in: choices))
      }
      return .string(text)
    }
  }

  /// Whether `value` is a value of this type (used to check declared defaults).
  public func accepts(_ value: ArgumentValue) -> Bool {
    switch (self, value) {
    case (.integer(let range), .integer(let number)): range?.contains(number) ?? true
    case (.string, .string): true
    case (.boolean, .boolean): true
    case (.choice(let choices), .string(let choice)): choices.contains(choice)
    default: false
    }
  }

  /// The one rule for a boolean's text, as messages and help state it.
  public static let booleanRule = "true or false (also 1 or 0; any letter case)"

  /// ``booleanRule``: `true`, `false`, `1`, `0`, letters compared as ASCII without case
  /// (`TRUE`, `False`), like the scheme and the route name of a URL.
  private static func parseBoolean(_ text: String) -> Bool? {
    let utf8 = text.utf8
    func matches(_ word: String) -> Bool {
      utf8.count == word.utf8.count
        && zip(utf8, word.utf8).allSatisfy { $0.asciiLowercased == $1 }
    }
    if matches("true") || matches("1") { return true }
    if matches("false") || matches("0") { return false }
    return nil
  }

  /// Parses an optionally signed decimal integer, telling overflow apart from garbage.
  private static func parseInteger(_ text: String) throws(ValueError) -> Int {
    let digits = text.utf8.drop(while: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") })
    let signs = text.utf8.count - digits.count
    guard signs <= 1, !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      throw .notAnInteger(text)
    }
    guard let number = Int(text) else { throw .integerOverflow(text) }
    return number
  }
}
