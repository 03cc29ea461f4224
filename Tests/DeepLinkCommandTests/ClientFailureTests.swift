import DeepLinkWire
import Testing

@testable import DeepLinkCommand

/// What a failed exchange with the app prints and exits with, by cause.
@Suite struct ClientFailureTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let failure: ClientFailure
    let exitCode: ExitCode
    let message: String
    var testDescription: String { name }
  }

  static let path = "/run/user/1000/deeplink/app.sock"

  static let cases: [Case] = [
    Case(
      name: "a link rejected", failure: .rejected(.open, kind: "unknown-route", message: "unknown route 'x'"),
      exitCode: .rejected, message: "the app rejected the link: unknown route 'x'"),
    Case(
      name: "a state request rejected",
      failure: .rejected(.state, kind: "bad-request", message: "unknown op 'state'"),
      exitCode: .rejected, message: "the app rejected the request: unknown op 'state'"),
    Case(
      name: "a screen request rejected", failure: .rejected(.screen, kind: "future-kind", message: "no"),
      exitCode: .rejected, message: "the app rejected the request: no"),
    Case(
      name: "a link that expired", failure: .rejected(.open, kind: "expired", message: "late"),
      exitCode: .timedOut, message: "the app rejected the link: late"),
    Case(
      name: "a request line too long", failure: .rejected(.open, kind: "line-too-long", message: "long"),
      exitCode: .usage, message: "the app rejected the link: long"),
    Case(
      name: "another user's app (peer check)",
      failure: .rejected(
        .open, kind: "permission-denied", message: "uid 1001 may not drive this app: it belongs to uid 1000"),
      exitCode: .unavailable,
      message: "the app refused the connection: uid 1001 may not drive this app: it belongs to uid 1000"),
    Case(
      name: "another user's socket (EACCES at connect)", failure: .socket(.permissionDenied(path: path)),
      exitCode: .unavailable,
      message: "permission denied connecting to \(path): the socket belongs to another user"),
    Case(
      name: "a link not acknowledged in time", failure: .unanswered(.open, path: path), exitCode: .timedOut,
      message: "the app on \(path) did not acknowledge the link in time; the link carried its deadline "
        + "and the app drops links it reads after it, so it will not be applied late (raise --timeout "
        + "if the app is just slow)"),
    Case(
      name: "a state request not answered in time", failure: .unanswered(.state, path: path),
      exitCode: .timedOut,
      message: "the app on \(path) did not answer the state request in time (raise --timeout if the app "
        + "is just slow)"),
    Case(
      name: "a connection not accepted in time", failure: .socket(.timedOut(path: path)), exitCode: .timedOut,
      message: "the app on \(path) did not accept the connection in time; nothing was sent (raise "
        + "--timeout if the app is just slow)"),
    Case(
      name: "no app came", failure: .noAppCame(path: path, seconds: 0.5), exitCode: .timedOut,
      message: "no app started listening on \(path) within 0.5 s; start the app with its agent "
        + "listening on that socket"),
  ]

  /// A tool that knows the command starting its app (`deeplink`: `deeplink-app`) says it in
  /// the messages that find no app; the tool's own name says how to wait.
  @Test func aToolThatKnowsItsAppSaysHowToStartIt() {
    let shop = ToolIdentity(name: "shop", appCommand: "shop-app")
    #expect(
      ClientFailure.noAppCame(path: Self.path, seconds: 0.5).message(for: shop)
        == "no app started listening on \(Self.path) within 0.5 s; start one with "
        + "`shop-app --socket \(Self.path) &`")
    #expect(
      ClientFailure.socket(.noListener(path: Self.path)).message(for: shop)
        == "no app is listening on \(Self.path); start one with `shop-app --socket \(Self.path) &`, then "
        + "`shop wait`")
  }

  @Test(arguments: cases)
  func exitCodeAndMessage(_ testCase: Case) {
    #expect(testCase.failure.exitCode == testCase.exitCode)
    #expect(testCase.failure.message(for: .deeplink) == testCase.message)
  }

  /// `--json` errors: the app's kind as the wire sent it, else the CLI's own.
  @Test(
    arguments: [
      (ClientFailure.rejected(.open, kind: "expired", message: "late"), "expired"),
      (.rejected(.open, kind: "future-kind", message: "no"), "future-kind"),
      (.socket(.noListener(path: path)), "no-app"),
      (.socket(.notASocket(path: path, kind: "a directory")), "not-a-socket"),
      (.socket(.connectionClosed(path: path)), "connection-closed"),
      (.socket(.permissionDenied(path: path)), "permission-denied"),
      (.unanswered(.open, path: path), "timeout"),
      (.noAppCame(path: path, seconds: 1), "timeout"),
      (.appExited(pid: 7, status: .code(69)), "app-exited"),
      (.badReply("x"), "bad-reply"),
      (.linkTooLong(bytes: 2, limit: 1), "usage"),
    ] as [(ClientFailure, String)])
  func kindForJSON(_ failure: ClientFailure, _ kind: String) {
    #expect(failure.kind == kind)
  }
}
