/// Quoting words for a POSIX shell, so that examples in help can be pasted as they are.
enum ShellQuoting {
  /// `word` as a shell word: unchanged when it holds only safe characters, else in single
  /// quotes (a quote inside written `'\''`).
  ///
  ///     ShellQuoting.quote("42")  // 42
  ///     ShellQuoting.quote("Bad password")  // 'Bad password'
  static func quote(_ word: String) -> String {
    let safe = word.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        true
      default:
        "-_./:=@%+,".utf8.contains(byte)
      }
    }
    if safe && !word.isEmpty { return word }
    // Split at the quote scalar, not at `Character`s: a quote followed by a combining mark is
    // one `Character`, which a `Character` split would leave inside the quotes unescaped.
    var quoted = String.UnicodeScalarView("'".unicodeScalars)
    for scalar in word.unicodeScalars {
      if scalar == "'" { quoted.append(contentsOf: "'\\''".unicodeScalars) } else { quoted.append(scalar) }
    }
    quoted.append("'")
    return String(quoted)
  }
}
