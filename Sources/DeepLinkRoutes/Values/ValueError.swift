/// Why the text of one argument is not a value of its parameter's type.
public enum ValueError: Error, Hashable, Sendable {
  /// Not a decimal integer (the text as given).
  case notAnInteger(String)
  /// Digits beyond what an `Int` holds; `range` is the parameter's, if it has one.
  case integerOverflow(String, range: ClosedRange<Int>? = nil)
  /// An integer outside the parameter's range.
  case outOfRange(Int, ClosedRange<Int>)
  /// Not a boolean by ``ParameterType/booleanRule``.
  case notABoolean(String)
  /// Not one of the choices; `suggestion` is the closest one, if any is close.
  case notAChoice(String, choices: [String], suggestion: String?)

  /// One sentence naming the parameter as the user wrote it (`id` in a URL, `--id` on a
  /// command line), what it expects and what it got.
  ///
  ///     ValueError.notAnInteger("abc").message(for: "--id")
  ///     // "--id expects an integer, got 'abc'"
  public func message(for parameter: String) -> String {
    switch self {
    case .notAnInteger(let text):
      "\(parameter) expects an integer, got '\(text.messageExcerpt)'"
    case .integerOverflow(let text, let range?):
      "\(parameter) expects an integer from \(range.lowerBound) to \(range.upperBound), got '\(text.messageExcerpt)' (\(text.hasPrefix("-") ? "too small" : "too large"))"
    case .integerOverflow(let text, nil):
      "\(parameter) expects an integer between \(Int.min) and \(Int.max), got '\(text.messageExcerpt)'"
        + (text.hasPrefix("-") ? " (too small)" : " (too large)")
    case .outOfRange(let number, let range):
      "\(parameter) expects an integer from \(range.lowerBound) to \(range.upperBound), got \(number)"
    case .notABoolean(let text):
      "\(parameter) expects \(ParameterType.booleanRule), got '\(text.messageExcerpt)'"
    case .notAChoice(let text, let choices, let suggestion):
      "\(parameter) expects one of \(choices.joined(separator: ", ")), got '\(text.messageExcerpt)'"
        + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    }
  }
}
