import DeepLinkWire

/// Text written into a generated completion script as a literal word of that shell's language:
/// whatever it holds, the shell reads it back unchanged and never expands it.
///
///     ShellLiteral.posix("recipe")  // recipe
///     ShellLiteral.posix("it's $(x)")  // 'it'\''s $(x)'
///     ShellLiteral.fish("it's $(x)")  // 'it\'s $(x)'
enum ShellLiteral {
  /// A word for bash or zsh: bare when it holds only safe characters, else single-quoted (a quote
  /// inside is written `'\''`). Control characters become spaces first.
  static func posix(_ text: String) -> String {
    ShellQuoting.quote(printable(text))
  }

  /// A word for fish: bare when safe (`%` aside), else single-quoted with `\` and `'` escaped by a backslash
  /// (the only escapes fish reads inside single quotes). Control characters become spaces first.
  static func fish(_ text: String) -> String {
    let text = printable(text)
    if isSafe(text) && !text.utf8.contains(UInt8(ascii: "%")) { return text }
    // Scalars, not `Character`s: a quote followed by a combining mark is one `Character`.
    var quoted = String.UnicodeScalarView("'".unicodeScalars)
    for scalar in text.unicodeScalars {
      if scalar == "\\" || scalar == "'" { quoted.append("\\") }
      quoted.append(scalar)
    }
    quoted.append("'")
    return String(quoted)
  }

  /// `text` with every control character (C0, DEL, C1) replaced by a space: one line, nothing
  /// a terminal interprets (``ControlCharacters/replacedWithSpaces(_:)``).
  static func printable(_ text: String) -> String {
    ControlCharacters.replacedWithSpaces(text)
  }

  /// Letters, digits and `-_./:=@%+,`, and not empty.
  private static func isSafe(_ text: String) -> Bool {
    !text.isEmpty && ShellQuoting.quote(text) == text
  }
}
