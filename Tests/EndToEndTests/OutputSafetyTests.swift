import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// What `deeplink` prints cannot harm the terminal, a failed write is not a success, and a
/// peer that is not a deeplink-app is not mistaken for one.
@Suite("Output safety")
struct OutputSafetyTests {
  /// An escape sequence in a login message (here one that would set the terminal's title) is
  /// printed as visible text by the link, `screen` and `state`; JSON keeps the real text.
  @Test func controlCharactersInTheScreenAreMadeVisible() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let message = "\u{1B}]0;pwned\u{07}"
    let link = try app.deeplink("login-error", "--message", message)
    #expect(link.status == 0, "\(link)")
    #expect(!link.stdout.contains("\u{1B}") && !link.stdout.contains("\u{07}"))
    #expect(link.stdout.contains("⚠ \\u{1b}]0;pwned\\u{7}"), "\(link.stdout)")
    let screen = try app.deeplink("screen")
    #expect(screen.stdout == link.stdout)
    let state = try app.deeplink("state")
    #expect(!state.stdout.contains("\u{1B}"))
    #expect(try app.state()["overrides"]?["loginError"] == .string(message))
  }

  /// A full disk (`/dev/full`) fails the command with 70 instead of a silent, truncated 0.
  @Test func aFailedWriteToStandardOutputIsAnError() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let command = "'\(Command.product("deeplink"))' state --socket '\(app.socket)' > /dev/full"
    let result = try Command.run("/bin/sh", ["-c", command])
    #expect(result.status == 70, "\(result)")
    #expect(result.stderr.hasPrefix("deeplink: error: cannot write the result to standard output: "))
    // With --json, the same failure as a JSON error.
    let json = try Command.run(
      "/bin/sh", ["-c", command.replacingOccurrences(of: " state ", with: " state --json ")])
    #expect(json.status == 70, "\(json)")
    #expect(
      json.stderr.hasPrefix(#"{"ok":false,"error":{"kind":"output","message":"cannot write the result"#))
  }

  /// A server that echoes lines back (socat with cat) is not a deeplink-app: its reply is an
  /// internal error (70) naming the problem, not a rejected link (65) nor a success.
  @Test(.requires("socat"))
  func aPeerThatIsNotADeeplinkAppIsNotBelieved() throws {
    let socat = try ExternalTool.require("socat")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("echo.sock")
    let echo = Process()
    echo.executableURL = URL(fileURLWithPath: socat)
    echo.arguments = ["UNIX-LISTEN:\(socket),fork", "EXEC:cat"]
    try echo.run()
    defer {
      // SIGKILL: a child spawned from a test thread inherits SIGTERM blocked.
      kill(echo.processIdentifier, SIGKILL)
      echo.waitForExit()
    }
    // `wait` pings, and an echo of the ping is not a deeplink-app's reply either.
    let waited = try Command.deeplink("wait", "--socket", socket, "--timeout", Patience.timeoutArgument)
    #expect(waited.status == 70, "\(waited)")
    #expect(waited.stderr.contains("unexpected reply from the app"), "\(waited)")
    let result = try Command.deeplink("settings", "--socket", socket)
    #expect(result.status == 70, "\(result)")
    #expect(
      result.stderr
        == "deeplink: error: unexpected reply from the app: the reply has no \"ok\" and \"version\"; "
        + "is an app's agent listening on \(socket)?\n", "\(result)")
  }
}
