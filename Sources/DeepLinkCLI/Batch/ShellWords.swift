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
    var words: [String] = []
    var word = ""
    var inWord = false
    var iterator = line.makeIterator()
    while let character = iterator.next() {
      switch character {
      case " ", "\t", "\r":
        if inWord { words.append(word) }
        word = ""
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
        word.append(character)
      }
    }
    if inWord { words.append(word) }
    return words
  }
}
