import Foundation
import TestSupport
import Testing

/// `deeplink wait`: the CI step between starting the app in the background and driving it.
@Suite("deeplink wait")
struct WaitCommandTests {
  @Test func returnsOnceAnAppStartsListening() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    let wait = Process()
    wait.executableURL = URL(fileURLWithPath: Command.product("deeplink"))
    wait.arguments = ["wait", "--socket", socket, "--timeout", Patience.timeoutArgument]
    wait.standardOutput = FileHandle.nullDevice
    wait.standardError = FileHandle.nullDevice
    try wait.run()

    let app = try RunningApp.start(socket: socket)
    defer { app.stop() }
    wait.waitForExit()
    #expect(wait.terminationStatus == 0)
    #expect(try app.deeplink("settings").status == 0)
  }

  @Test func timesOutWith75WhenNoAppComes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    let result = try Command.deeplink("wait", "--socket", socket, "--timeout", "0.3")
    #expect(result.status == 75, "\(result)")
    #expect(result.stdout == "")
    // No request was sent and no app exists: the message says so, not "did not answer".
    #expect(
      result.stderr
        == "deeplink: error: no app started listening on \(socket) within 0.3 s; start one with "
        + "`deeplink-app --socket \(socket) &`\n", "\(result)")
  }

  /// The kernel accepts connections for a stopped app; `wait` pings, so it is not fooled.
  @Test func aStoppedAppIsNotReportedReady() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    app.send(SIGSTOP)
    let result = try Command.deeplink("wait", "--socket", app.socket, "--timeout", "0.3")
    app.send(SIGCONT)
    #expect(result.status == 75, "\(result)")
    #expect(
      result.stderr
        == "deeplink: error: an app accepts connections on \(app.socket) but did not answer within "
        + "0.3 s; is it stopped (SIGSTOP) or hung?\n", "\(result)")
  }

  @Test func returnsAtOnceWhenTheAppIsUp() throws {
    try withApp { app in
      let result = try app.deeplink("wait")
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout == "an app is listening on \(app.socket)\n")
      #expect(try app.deeplink("wait", "--quiet").stdout == "")
    }
  }
}
