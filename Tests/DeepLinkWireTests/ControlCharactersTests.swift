import DeepLinkWire
import Testing

/// One rule for control characters (C0, DEL, C1), wherever text reaches a terminal or a shell.
@Suite struct ControlCharactersTests {
  @Test func theRuleIsC0DelAndC1() {
    let controls: [UInt32] = [0x00, 0x09, 0x0A, 0x0D, 0x1B, 0x1F, 0x7F, 0x80, 0x85, 0x9B, 0x9F]
    let others: [UInt32] = [0x20, 0x41, 0x7E, 0xA0, 0xE9, 0x2028, 0x1F600]
    #expect(controls.allSatisfy { ControlCharacters.contains(Unicode.Scalar($0)!) })
    #expect(!others.contains { ControlCharacters.contains(Unicode.Scalar($0)!) })
  }

  @Test func escaped() {
    #expect(
      ControlCharacters.escaped("a\u{0}b\u{1B}[31mc\u{7F}d\u{9B}e\nf")
        == #"a\u{0}b\u{1b}[31mc\u{7f}d\u{9b}e\u{a}f"#)
    #expect(ControlCharacters.escaped("two\nlines\u{7}", keepingNewlines: true) == "two\nlines\\u{7}")
    #expect(ControlCharacters.escaped("Crème brûlée › 😀") == "Crème brûlée › 😀")
  }

  /// `escaped` works on UTF-8 bytes; the rule is about scalars. Every scalar of one and two
  /// UTF-8 bytes (C1's 0xC2 lead byte among them) and a few longer ones, at the start, middle
  /// and end of a text, escape exactly when the rule says so.
  @Test func escapedFollowsTheRuleForEveryScalar() {
    let values = Array(UInt32(0)...0x7FF) + [0x2028, 0xFEFF, 0x1F600]
    for value in values {
      let scalar = Unicode.Scalar(value)!
      let expected =
        ControlCharacters.contains(scalar) ? "\\u{\(String(value, radix: 16))}" : String(Character(scalar))
      let text = String(Character(scalar))
      #expect(ControlCharacters.escaped(text) == expected, "U+\(String(value, radix: 16))")
      #expect(
        ControlCharacters.escaped("é" + text + "x") == "é" + expected + "x", "U+\(String(value, radix: 16))")
      #expect(
        ControlCharacters.escaped("\u{C2}" + text) == "\u{C2}" + expected, "U+\(String(value, radix: 16))")
    }
    #expect(ControlCharacters.escaped("\r\n\u{85}", keepingNewlines: true) == "\\u{d}\n\\u{85}")
    #expect(ControlCharacters.escaped("e\u{301}\u{1B}") == "e\u{301}\\u{1b}")
  }

  /// A long text is checked eight bytes at a time: a control character at any offset of it is
  /// escaped, and with `keepingNewlines` a line feed at any offset, even beside a C1
  /// character's lead byte, keeps the text as it is.
  @Test func aControlCharacterAtAnyOffsetOfALongTextIsEscaped() {
    let plain = Array("Home › Login ─────── ".unicodeScalars)
    for offset in 0...plain.count {
      func text(_ inserted: String) -> String {
        String(String.UnicodeScalarView(plain[..<offset])) + inserted
          + String(String.UnicodeScalarView(plain[offset...]))
      }
      for (control, escape) in [("\u{7}", "\\u{7}"), ("\u{7F}", "\\u{7f}"), ("\u{85}", "\\u{85}")] {
        #expect(
          ControlCharacters.escaped(text(control), keepingNewlines: true) == text(escape), "at \(offset)")
      }
      #expect(ControlCharacters.escaped(text("\n"), keepingNewlines: true) == text("\n"), "at \(offset)")
      #expect(ControlCharacters.escaped(text("\u{C2}\n"), keepingNewlines: true) == text("\u{C2}\n"))
    }
  }

  @Test func replacedWithSpaces() {
    #expect(
      ControlCharacters.replacedWithSpaces("a\tb\nc\u{1B}d\u{7F}e\u{85}f\u{A0}g") == "a b c d e f\u{A0}g")
  }

  /// A socket path's message escaped only C0 before; DEL and C1 reached the terminal.
  @Test func socketPathMessagesEscapeEveryControlCharacter() {
    #expect(
      SocketPathError.containsNUL(path: "/tmp/a\0b\u{9B}c\u{7F}").message
        == #"the socket path '/tmp/a\u{0}b\u{9b}c\u{7f}' contains a NUL byte"#)
  }
}
