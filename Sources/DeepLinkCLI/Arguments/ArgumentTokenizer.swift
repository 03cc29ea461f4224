/// Splits `argv` into ``ArgumentToken``s: the first of two steps, before any interpretation.
///
/// The rules are purely lexical:
///
///     ["recipe", "--id", "42"]     // [.argument("recipe"), .longOption("id", nil), .argument("42")]
///     ["--id=42"]                  // [.longOption(name: "id", value: "42")]
///     ["--message="]               // [.longOption(name: "message", value: "")]
///     ["-h"]                       // [.shortOption("h")]
///     ["-1", "-", "-2.5"]          // [.argument("-1"), .argument("-"), .argument("-2.5")]
///     ["--", "--id"]               // [.terminator, .argument("--id")]
///
/// A word that starts with a dash and then a digit or a dot is a negative number, never an
/// option, so `--id -1` can give `-1` to `--id`.
package enum ArgumentTokenizer {
  /// Tokenizes `arguments` (without the program name).
  package static func tokenize(_ arguments: some Sequence<String>) -> [ArgumentToken] {
    var tokens: [ArgumentToken] = []
    var afterTerminator = false
    for argument in arguments {
      if afterTerminator {
        tokens.append(.argument(argument))
      } else if argument == "--" {
        tokens.append(.terminator)
        afterTerminator = true
      } else {
        tokens.append(token(for: argument))
      }
    }
    return tokens
  }

  /// The token of one argument that comes before any `--`.
  static func token(for argument: String) -> ArgumentToken {
    let utf8 = argument.utf8
    guard utf8.count > 1, utf8.first == UInt8(ascii: "-") else { return .argument(argument) }
    if argument.hasPrefix("--") {
      let body = argument.dropFirst(2)
      guard let equals = body.firstIndex(of: "=") else {
        return .longOption(name: String(body), value: nil)
      }
      return .longOption(name: String(body[..<equals]), value: String(body[body.index(after: equals)...]))
    }
    let second = utf8[utf8.index(after: utf8.startIndex)]
    if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second) || second == UInt8(ascii: ".") {
      return .argument(argument)
    }
    return .shortOption(String(argument.dropFirst()))
  }
}
