import Foundation
import TestSupport
import Testing

@testable import DeepLinkCommand

/// Hostile text written into a script comes back from the real shell unchanged and runs nothing.
@Suite struct ShellLiteralTests {
  static let hostile = [
    "plain", "with space", "it's", #"say "hi""#, "$(touch MARKER)", "`touch MARKER`", "${HOME}", "$HOME",
    #"back\slash"#, #"\'"#, "'; touch MARKER; '", "a;b&c|d>e<f", "*?[a-z]", "~root", "%self", "{a,b}",
    "", "-n", "--", "#comment", "Crème brûlée", "tab\there", "line\nbreak", "\u{1B}[31mred",
    // A quote or backslash followed by a combining mark is one `Character`.
    "'\u{0301}; touch MARKER; '\u{0301}", "\\\u{0301}'\u{0599}",
  ]

  @Test func safeWordsStayBare() {
    #expect(ShellLiteral.posix("recipe-edit") == "recipe-edit")
    #expect(ShellLiteral.fish("--id") == "--id")
    #expect(ShellLiteral.fish("%self") == "'%self'")
    #expect(ShellLiteral.posix("") == "''")
  }

  @Test func controlCharactersBecomeSpaces() {
    #expect(ShellLiteral.printable("a\tb\nc\u{1B}d\u{7F}e\u{85}f") == "a b c d e f")
  }

  @Test("bash reads the literal back") func bashRoundTrip() throws { try Self.roundTrip(.bash) }

  @Test("zsh reads the literal back", .requires("zsh")) func zshRoundTrip() throws {
    try Self.roundTrip(.zsh)
  }

  @Test("fish reads the literal back", .requires("fish")) func fishRoundTrip() throws {
    try Self.roundTrip(.fish)
  }

  static func roundTrip(_ shell: CompletionShell) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let marker = directory.file("pwned")
    let texts = Self.hostile.map { $0.replacingOccurrences(of: "MARKER", with: marker) }
    let literal = shell == .fish ? ShellLiteral.fish : ShellLiteral.posix
    let program = texts.map { "printf '%s\\n' " + literal($0) }.joined(separator: "\n") + "\n"
    let file = directory.file("program")
    try program.write(toFile: file, atomically: true, encoding: .utf8)
    let arguments =
      switch shell {
      case .bash: ["bash", "--norc", "--noprofile", file]
      case .zsh: ["zsh", "-f", file]
      case .fish: ["fish", "--no-config", file]
      }
    let result = try Command.run("/usr/bin/env", arguments)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    #expect(result.stdout == texts.map { ShellLiteral.printable($0) + "\n" }.joined())
    #expect(!FileManager.default.fileExists(atPath: marker))
  }
}
