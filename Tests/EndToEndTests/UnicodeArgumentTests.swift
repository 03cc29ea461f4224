import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// Values that begin with a combining mark: `=` or a quote followed by
/// one is a single `Character`, and the syntax must still be found, through the real binaries
/// (and in-process, DeepLinkCommandTests' TextOutputTests).
@Suite("Unicode in arguments")
struct UnicodeArgumentTests {
  @Test func aQuotedBatchValueMayBeginWithACombiningMark() throws {
    try withApp { app in
      let result = try app.deeplink(["batch", "--json"], input: "login-error --message '\u{0599}x'\n")
      #expect(result.status == 0, "\(result)")
      let state = try app.state()
      #expect(state["overrides"]?["loginError"]?.stringValue == "\u{0599}x", "\(state)")
    }
  }

  /// The fuzzer's input: argv `login-error`, `--message`, then bytes that start with U+0599.
  @Test func theFuzzersInputIsKeptAsARegression() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(
        "Fuzz/regressions/arguments/combining-mark-after-equals")
    let bytes = try Data(contentsOf: file)
    #expect(Data(base64Encoded: "bG9naW4tZXJyb3IALS1tZXNzYWdlANaZ77+977+9LXg=") == bytes)
  }
}
