import Testing

@testable import DeepLinkCommand

struct ShellWordsTests {
  @Test(
    arguments: [
      ("", []),
      ("a b  c", ["a", "b", "c"]),
      ("a\tb", ["a", "b"]),
      ("'a b' c", ["a b", "c"]),
      (#""a b" c"#, ["a b", "c"]),
      (#"a\ b"#, ["a b"]),
      (#"'\n'"#, [#"\n"#]),
      (#""\n""#, [#"\n"#]),
      (#""a\"b\\c\$d""#, [#"a"b\c$d"#]),
      ("''", [""]),
      (#""""#, [""]),
      ("a'b'c", ["abc"]),
      (#"a"b c"d"#, ["ab cd"]),
      ("a # b", ["a"]),
      ("a#b", ["a#b"]),
      ("'#' b", ["#", "b"]),
      ("# all", []),
      ("é 'ü ß'", ["é", "ü ß"]),
      // A quote, backslash or space followed by a combining mark is one `Character`; the
      // syntax is still found.
      ("login-error --message '\u{0599}x'", ["login-error", "--message", "\u{0599}x"]),
      ("\"\u{0301}a b\"", ["\u{0301}a b"]),
      ("a\\\u{0301} b", ["a\u{0301}", "b"]),
      ("a \u{0301}b", ["a", "\u{0301}b"]),
    ] as [(String, [String])])
  func splits(_ line: String, _ words: [String]) throws {
    #expect(try ShellWords.split(line) == words)
  }

  @Test func unterminatedQuotesAndTrailingBackslashesAreErrors() {
    #expect(throws: UsageError.unterminatedQuote("'")) { try ShellWords.split("a 'b") }
    #expect(throws: UsageError.unterminatedQuote("\"")) { try ShellWords.split(#"a "b"#) }
    #expect(throws: UsageError.unterminatedQuote("\"")) { try ShellWords.split(#"a "b\"#) }
    #expect(throws: UsageError.trailingBackslash) { try ShellWords.split(#"a \"#) }
  }

  @Test(
    arguments: [
      "42", "Bad password", "", "it's", "a\"b", "-x", "$HOME", "a\\b",
      // A quote followed by a combining mark: one `Character`, still a quote to a shell.
      "'\u{0301}", "it'\u{0599}s",
    ])
  func quotingRoundTrips(_ word: String) throws {
    #expect(try ShellWords.split(ShellQuoting.quote(word)) == [word])
  }
}
