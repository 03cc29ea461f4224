/// Splits a line into words the way a POSIX shell does, without expansions.
///
///     try ShellWords.split(#"login-error --message "Bad password""#)
///     // ["login-error", "--message", "Bad password"]
///     try ShellWords.split(#"a 'b c' d\ e "f\"g" # comment"#)  // ["a", "b c", "d e", "f\"g"]
///
/// - Single quotes keep everything literally, up to the next single quote.
/// - Double quotes keep everything but `\"`, `\\`, `\$` and `` \` ``, which lose the backslash;
///   any other backslash stays (`"C:\dir"` is `C:\dir`).
/// - Outside quotes a backslash keeps the next character literally.
/// - An unquoted `#` at the start of a word begins a comment to the end of the line.
/// - Spaces, tabs and carriage returns separate words; `''` and `""` are empty words.
///
/// The line holds no line feed: ``BatchLine/lines(of:)`` splits a file at line feeds first.
enum ShellWords {
  /// The words of `line`.
  ///
  /// - Throws: ``UsageError/unterminatedQuote(_:)``, ``UsageError/trailingBackslash``.
  static func split(_ line: String) throws(UsageError) -> [String] {
    // Unicode scalars, not `Character`s: a quote, backslash or `#` followed by a combining
    // mark (`'\u{0599}x'`) is one grapheme cluster, in which a `Character` walk finds no quote.
    var words: [String] = []
    var word = String.UnicodeScalarView()
    var inWord = false
    var iterator = line.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      switch scalar {
      case " ", "\t", "\r":
        if inWord { words.append(String(word)) }
        word = String.UnicodeScalarView()
        inWord = false
      case "#" where !inWord:
        return words
      case "'":
        inWord = true
        while true {
          guard let next = iterator.next() else { throw .unterminatedQuote("'") }
          if next == "'" { break }
          word.append(next)
        }
      case "\"":
        inWord = true
        while true {
          guard let next = iterator.next() else { throw .unterminatedQuote("\"") }
          if next == "\"" { break }
          if next == "\\" {
            guard let escaped = iterator.next() else { throw .unterminatedQuote("\"") }
            if !["\"", "\\", "$", "`"].contains(escaped) { word.append("\\") }
            word.append(escaped)
          } else {
            word.append(next)
          }
        }
      case "\\":
        guard let escaped = iterator.next() else { throw .trailingBackslash }
        inWord = true
        word.append(escaped)
      default:
        inWord = true
        word.append(scalar)
      }
    }
    if inWord { words.append(String(word)) }
    return words
  }
}
