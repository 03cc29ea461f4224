import DeepLinkWire
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The exit codes 0, 64, 69 and 75, where each goes (stdout or stderr), and what
/// the app was left with.
@Suite("Exit codes and output streams")
struct ExitCodeTests {
  @Test func successPrintsTheResultOnStdoutAndNothingOnStderr() throws {
    try withApp { app in
      let result = try app.deeplink("settings")
      #expect(result.status == 0)
      #expect(result.stdout.hasPrefix("Home › Settings\n"))
      #expect(result.stderr == "")
    }
  }

  @Test func quietPrintsNothingButStillApplies() throws {
    try withApp { app in
      for arguments in [["recipe", "--id", "42", "--quiet"], ["--quiet", "login-error", "--json"]] {
        let result = try app.deeplink(arguments)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "")
      }
      #expect(try app.state()["path"]?.serialized == #"[{"destination":"login"}]"#)
    }
  }

  /// Usage errors (64): one line naming what was wrong, one line pointing at help, nothing on
  /// stdout, and nothing sent — the app's state and log are as they were.
  @Test(arguments: [
    (["recipee"], "unknown route or command 'recipee' — did you mean 'recipe'?"),
    (["recipe", "--id", "abc"], "--id expects an integer, got 'abc'"),
    (["recipe", "--id", "0"], "--id expects an integer from 1 to 999999, got 0"),
    (["recipe"], "recipe requires --id"),
    (["recipe", "--id", "1", "--id", "2"], "--id is given twice; give it once"),
    (
      ["recipe", "--id", "42", "extra"],
      "unexpected argument 'extra'; recipe takes only options: --id <integer>"
    ),
    (["settings", "--theme", "dark"], "unknown option '--theme'; settings takes none"),
    (["recipes", "--sort", "oldest"], "--sort expects one of name, newest, rating, got 'oldest'"),
    (["open", "debug://recipe?id=abc"], "id expects an integer, got 'abc'"),
    (["help", "recipee"], "no help for 'recipee' — did you mean 'recipe'?"),
    (
      ["--timeout", "abc", "settings"],
      "--timeout expects decimal seconds from 0.001 to 86400, such as 5 or 0.5 (0 is refused), got 'abc'"
    ),
  ])
  func usageErrorsExit64AndSendNothing(_ arguments: [String], message: String) throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    #expect(try app.deeplink("recipe-error").status == 0)
    let before = try app.state()

    let result = try app.deeplink(arguments)
    #expect(result.status == 64, "\(result)")
    #expect(result.stdout == "")
    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3, "\(result)")
    #expect(lines.first == "deeplink: error: " + message[...], "\(result)")
    #expect(lines.dropFirst().first?.hasPrefix("Run 'deeplink ") == true, "\(result)")

    #expect(try app.state() == before)
    #expect(app.stopAndReadAppliedLines().count == 1)
  }

  @Test(arguments: [["settings"], ["state"], ["screen"], ["open", "debug://login"]])
  func noAppListeningExits69AndSaysHowToStartOne(_ arguments: [String]) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    let result = try Command.deeplink(arguments + ["--socket", socket])
    #expect(result.status == 69, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderr.contains(
        "no app is listening on \(socket); start one with `deeplink-app --socket \(socket) &`, then "
          + "`deeplink wait`\n"),
      "\(result)")
  }

  /// 75: the app is alive but does not answer (SIGSTOP). The request carried its deadline, so
  /// when the app runs again it drops the request instead of applying it late.
  @Test func aStoppedAppTimesOutWith75AndNeverAppliesTheLinkLate() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    app.send(SIGSTOP)
    let result = try app.deeplink("settings", "--timeout", "0.5")
    app.send(SIGCONT)
    #expect(result.status == 75, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "deeplink: error: the app on \(app.socket) did not acknowledge the link in time; the link "
        + "carried its deadline and the app drops links it reads after it, so it will not be applied "
        + "late (raise --timeout if the app is just slow)\n", "\(result)")

    // The app accepts and serves connections in order: once a later link is acknowledged, the
    // expired one has been read and dropped.
    #expect(try app.state()["path"]?.serialized == rootPath)
    #expect(try app.deeplink("login").status == 0)
    let applied = app.stopAndReadAppliedLines()
    #expect(applied.count == 1, "\(applied)")
    #expect(applied.first?.hasPrefix("applied debug://login → ") == true, "\(applied)")
  }

  /// 75 for a request that is not a link: the message speaks of that request, not of a link.
  @Test(arguments: ["state", "screen"])
  func aStoppedAppTimesOutWith75OnARequest(_ command: String) throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    app.send(SIGSTOP)
    let result = try app.deeplink(command, "--timeout", "0.3")
    app.send(SIGCONT)
    #expect(result.status == 75, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "deeplink: error: the app on \(app.socket) did not answer the \(command) request in time "
        + "(raise --timeout if the app is just slow)\n", "\(result)")
  }

  /// A reply repeats the link (applied URL, override, screen), so it can be longer than the
  /// longest request; the CLI used to fail with 70 although the app had applied the link.
  @Test func aLinkWhoseReplyIsLongerThanARequestLineIsStillAcknowledged() throws {
    try withApp { app in
      let message = String(repeating: "x", count: 30_000)
      let result = try app.deeplink("login-error", "--message", message, "--json")
      #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
      let state = try JSON.parse(result.stdout)
      #expect(state["overrides"]?["loginError"]?.stringValue == message)
      #expect(try app.state()["overrides"]?["loginError"]?.stringValue == message)
    }
  }
}

extension ExitCodeTests {
  /// A link longer than the app's request limit is a usage error found before sending: the
  /// app used to reject it after the fact, with 64 although something had been sent.
  @Test func aLinkTooLongForTheAppIsAUsageErrorAndNothingIsSent() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let result = try app.deeplink("login-error", "--message", String(repeating: "x", count: 70_000))
    #expect(result.status == 64, "exit \(result.status): \(result.stderr)")
    #expect(
      result.stderr.hasPrefix("deeplink: error: the link is too long: its request is "), "\(result.stderr)")
    #expect(app.stopAndReadAppliedLines() == [])
    #expect(!app.log().contains("error"))
  }

  /// What the user typed is quoted back with its control characters (C0, DEL, C1) escaped, so
  /// an error cannot drive the terminal.
  @Test func controlCharactersInAnErrorAreEscaped() throws {
    let result = try Command.deeplink("recipe\u{1B}[2J\u{9B}\u{7F}")
    #expect(result.status == 64, "\(result)")
    #expect(
      result.stderr.hasPrefix(#"deeplink: error: unknown route or command 'recipe\u{1b}[2J\u{9b}\u{7f}'"#),
      "\(result)")
  }
}
