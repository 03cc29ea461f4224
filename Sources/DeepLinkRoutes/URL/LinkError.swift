/// Why a string is not a debug link of the route table.
public enum LinkError: Error, Hashable, Sendable {
  /// The text is not `scheme://route...`; `reason` says what is off, `scheme` is the table's.
  case notAURL(String, reason: String, scheme: String)
  /// Another scheme than the table's (`http://` for `debug://`).
  case wrongScheme(found: String, expected: String)
  /// The table's `scheme://` with no route after it; `example` is one of the table's routes
  /// that needs no value, if it has one.
  case missingRoute(scheme: String, example: String?)
  /// A route the table does not hold, with the closest name if one is close.
  case unknownRoute(String, suggestion: String?)
  /// Anything after the route but a single `/`; `scheme` is the table's.
  case unexpectedPath(String, scheme: String)
  /// A `#fragment`, which debug links do not take.
  case unexpectedFragment(String)
  /// A `%` not followed by two hex digits.
  case malformedPercentEscape(String)
  /// Percent-escapes that decode to bytes that are not UTF-8, in the named query key or value.
  case invalidUTF8(String)
  /// The query does not fit the route's parameters.
  case argument(ArgumentError)

  /// One sentence that names what is wrong and, where it can, what would be right.
  public var message: String {
    switch self {
    case .notAURL(let text, let reason, let scheme):
      "'\(text.messageExcerpt)' is not a debug link: \(reason); expected \(scheme)://<route>?<name>=<value>"
    case .wrongScheme(let found, let expected):
      "wrong scheme '\(found.messageExcerpt)://'; debug links start with \(expected)://"
    case .missingRoute(let scheme, let example):
      "the link names no route; expected \(scheme)://<route>"
        + (example.map { ", such as \(scheme)://\($0)" } ?? "")
    case .unknownRoute(let name, let suggestion):
      "unknown route '\(name.messageExcerpt)'" + (suggestion.map { " — did you mean '\($0)'?" } ?? "")
    case .unexpectedPath(let path, let scheme):
      "unexpected path '\(path.messageExcerpt)'; a debug link is \(scheme)://<route>?<name>=<value>, with no path"
    case .unexpectedFragment(let fragment):
      "unexpected fragment '#\(fragment.messageExcerpt)'; debug links take no fragment (percent-encode '#' as %23)"
    case .malformedPercentEscape(let text):
      "malformed percent-escape in '\(text.messageExcerpt)'; '%' must be followed by two hex digits (write '%' as %25)"
    case .invalidUTF8(let text):
      "'\(text.messageExcerpt)' decodes to bytes that are not UTF-8"
    case .argument(let error):
      error.message(prefix: "")
    }
  }
}
