/// The characters a terminal or a shell may interpret rather than show, and the two ways we
/// make text safe from them: one rule for error messages, paths in messages and completion.
///
/// A control character is C0 (U+0000 to U+001F, newline and tab included), DEL (U+007F) or C1
/// (U+0080 to U+009F, which some terminals read as escapes).
///
///     ControlCharacters.escaped("a\u{1B}[31mb")  // #"a\u{1b}[31mb"#
///     ControlCharacters.escaped("two\nlines", keepingNewlines: true)  // "two\nlines"
///     ControlCharacters.replacedWithSpaces("a\tb\u{85}c")  // "a b c"
package enum ControlCharacters {
  /// Whether `scalar` is a control character (C0, DEL or C1).
  package static func contains(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// `text` with each control character written as a Swift escape, `\u{1b}`, so that it shows
  /// instead of acting; with `keepingNewlines`, line feeds stay (a message of several lines).
  package static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if contains(scalar) && !(keepingNewlines && scalar == "\n") {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` with each control character replaced by a space: one line, nothing to interpret.
  package static func replacedWithSpaces(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { contains($0) ? " " : $0 }))
  }
}
