/// A typed value of one route parameter, as parsed from a URL or a command line.
///
/// Choice parameters hold their choice as a `.string`.
public enum ArgumentValue: Hashable, Sendable {
  /// The value of an `integer` parameter.
  case integer(Int)
  /// The value of a `string` or `choice` parameter.
  case string(String)
  /// The value of a `boolean` parameter (a flag).
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
