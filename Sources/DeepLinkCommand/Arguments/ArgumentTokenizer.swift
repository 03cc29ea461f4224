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
      } else if argument.utf8.elementsEqual("--".utf8) {
        tokens.append(.terminator)
        afterTerminator = true
      } else {
        tokens.append(token(for: argument))
      }
    }
    return tokens
  }

  /// The token of one argument that comes before any `--`.
  ///
  /// Recognised in UTF-8 bytes, never in `Character`s: a `=` or `-` followed by a combining
  /// mark (`--message=\u{0599}x`) is one grapheme cluster, and a `Character` walk would not
  /// see the `=` in it.
  static func token(for argument: String) -> ArgumentToken {
    let utf8 = argument.utf8
    let dash = UInt8(ascii: "-")
    guard utf8.count > 1, utf8.first == dash else { return .argument(argument) }
    let second = utf8[utf8.index(after: utf8.startIndex)]
    if second == dash {
      let body = utf8.dropFirst(2)
      guard let equals = body.firstIndex(of: UInt8(ascii: "=")) else {
        return .longOption(name: text(body), value: nil)
      }
      return .longOption(name: text(body[..<equals]), value: text(body[body.index(after: equals)...]))
    }
    if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second) || second == UInt8(ascii: ".") {
      return .argument(argument)
    }
    return .shortOption(text(utf8.dropFirst()))
  }

  /// The text of a slice cut at ASCII bytes, which never splits a UTF-8 sequence.
  private static func text(_ bytes: Substring.UTF8View) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}
