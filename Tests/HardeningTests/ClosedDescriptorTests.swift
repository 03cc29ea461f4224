import DeepLinkWire
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Both programs started with standard descriptors closed, as some supervisors start them: a
/// shell closes them (`<&- >&- 2>&-`) and `exec`s the real binary.
@Suite struct ClosedDescriptorTests {
  /// The app used to get its wake-up pipe on 0 and 1 and its lock file on 2, and then wrote
  /// its log (every applied link) into the lock file. Now 0–2 are `/dev/null` and the lock
  /// file stays empty.
  @Test func theAppStartedWithDescriptorsZeroToTwoClosedServesUntilStopped() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    let app = Process()
    app.executableURL = URL(fileURLWithPath: "/bin/sh")
    app.arguments = ["-c", #"exec "$0" --socket "$1" <&- >&- 2>&-"#, Command.product("deeplink-app"), socket]
    try app.run()
    defer {
      if app.isRunning { kill(app.processIdentifier, SIGKILL) }
      app.waitForExit()
    }

    let waited = try Command.deeplink("wait", "--socket", socket, "--timeout", Patience.timeoutArgument)
    #expect(waited.status == 0, "\(waited)")
    let applied = try Command.deeplink("recipe", "--id", "42", "--socket", socket)
    #expect(applied.status == 0, "\(applied)")
    let state = try JSON.parse(Command.deeplink("state", "--json", "--socket", socket).stdout)
    #expect(
      state["path"] == .array([.object([("destination", .string("recipe")), ("id", .int(42))])]),
      "\(state.serialized)")
    #expect(app.isRunning, "the app stopped by itself")
    for descriptor in 0...2 {
      let target = try FileManager.default.destinationOfSymbolicLink(
        atPath: "/proc/\(app.processIdentifier)/fd/\(descriptor)")
      #expect(target == "/dev/null", "descriptor \(descriptor) is \(target)")
    }
    let lock = try FileManager.default.attributesOfItem(atPath: socket + ".lock")
    #expect(lock[.size] as? Int == 0, "the lock file holds \(lock[.size] ?? "?") bytes")

    kill(app.processIdentifier, SIGTERM)
    app.waitForExit()
    #expect(app.terminationReason == .exit)
    #expect(app.terminationStatus == 0)
    #expect(!FileManager.default.fileExists(atPath: socket))
  }

  /// `deeplink` with stdout closed used to get its socket on descriptor 1 and write the
  /// screen into it; the app read the screen's lines as requests and applied the one that was
  /// a link (the login error's message, shown on the screen). Now the screen goes to
  /// `/dev/null` and the app shows exactly the link that was sent.
  @Test(arguments: [">&-", "<&- >&- 2>&-"])
  func theCLIWithClosedDescriptorsSendsOnlyItsLink(_ closing: String) throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let result = try Command.run(
      "/bin/sh",
      [
        "-c",
        #"exec "$0" login-error --message "$(printf 'x\ndebug://recipe-error')" --socket "$1" "#
          + closing, Command.product("deeplink"), app.socket,
      ])
    #expect(result.status == 0, "\(result)")
    let state = try JSON.parse(Command.deeplink("state", "--json", "--socket", app.socket).stdout)
    #expect(state["path"] == .array([.object([("destination", .string("login"))])]), "\(state.serialized)")
    #expect(
      state["overrides"] == .object([("loginError", .string("x\ndebug://recipe-error"))]),
      "\(state.serialized)")
  }
}
