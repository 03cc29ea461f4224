/// A typed value of one route parameter, as parsed from a URL or a command line.
///
/// Choice parameters hold their choice as a `.string`.
public enum ArgumentValue: Hashable, Sendable {
  case integer(Int)
  case string(String)
  case boolean(Bool)

  /// The value as it is written in a URL query or on a command line, before percent-encoding.
  ///
  ///     ArgumentValue.integer(42).text  // "42"
  ///     ArgumentValue.boolean(true).text  // "true"
  public var text: String {
    switch self {
    case .integer(let number): String(number)
    case .string(let string): string
    case .boolean(let flag): flag ? "true" : "false"
    }
  }
}
