import DeepLinkWire
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `deeplink <route> --keep` against real `deeplink-app` processes that stop and start again
/// on one socket, as an app does across rebuilds.
@Suite("--keep")
struct KeepCommandTests {
  /// A line recipe 42's screen shows once (its title shows twice: the path, then the heading).
  static let recipeScreen = "Recipe #42 · 60 min"

  /// The app's path, from `deeplink state --json`.
  static func path(on socket: String) throws -> String? {
    let state = try Command.deeplink("state", "--json", "--socket", socket)
    return try JSON.parse(state.stdout)["path"]?.serialized
  }

  @Test func itAppliesTheLinkAgainEachTimeTheAppComesBackAndCtrlCExits0() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    var app = try RunningApp.start(socket: socket)
    defer { app.stop() }
    let keep = try WatchedProcess.start(
      Command.product("deeplink"), ["recipe", "--id", "42", "--keep", "--socket", socket])
    defer { keep.stop() }
    #expect(keep.waitUntil { stdout, _ in stdout.contains(Self.recipeScreen) }, "\(keep.stderr)")

    // The app moves on, then restarts cleanly (SIGTERM: its socket removed, then made again).
    #expect(try Command.deeplink("settings", "--quiet", "--socket", socket).status == 0)
    app.stop()
    app = try RunningApp.start(socket: socket)
    #expect(
      keep.waitUntil { stdout, _ in stdout.components(separatedBy: Self.recipeScreen).count == 3 },
      "\(keep.stdout)")
    #expect(try Self.path(on: socket) == #"[{"destination":"recipe","id":42}]"#)
    #expect(
      keep.stderr.contains("the app is back on \(socket): applied debug://recipe?id=42 again"),
      "\(keep.stderr)")

    // Killed (its stale socket left behind), then started again.
    kill(app.pid, SIGKILL)
    app.waitForExit()
    #expect(FileManager.default.fileExists(atPath: socket))
    app = try RunningApp.start(socket: socket)
    #expect(keep.waitUntil { stdout, _ in stdout.components(separatedBy: Self.recipeScreen).count == 4 })
    #expect(try Self.path(on: socket) == #"[{"destination":"recipe","id":42}]"#)

    #expect(keep.interrupt(SIGINT) == 0, "\(keep.stderr)")
    #expect(!keep.stderr.contains("error"), "\(keep.stderr)")
  }

  @Test func itWaitsForAnAppThatIsNotRunningYetAndPrintsJSONLines() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    let keep = try WatchedProcess.start(
      Command.product("deeplink"), ["recipe-edit", "--id", "7", "--keep", "--json", "--socket", socket])
    defer { keep.stop() }
    #expect(keep.waitUntil { _, stderr in stderr.contains("waiting for the app to listen on \(socket)") })
    #expect(keep.stdout.isEmpty)
    let app = try RunningApp.start(socket: socket)
    defer { app.stop() }
    #expect(keep.waitUntil { stdout, _ in stdout.hasSuffix("\n") })
    let lines = keep.stdout.split(separator: "\n")
    #expect(lines.count == 1, "one JSON state a line: \(keep.stdout)")
    let state = try JSON.parse(String(lines.first ?? ""))
    #expect(state["applied"]?.stringValue == "debug://recipe-edit?id=7")
    #expect(state["path"]?.arrayValue?.count == 2)
    #expect(keep.interrupt(SIGTERM) == 0, "\(keep.stderr)")
  }

  @Test func aLinkTheAppRefusesIsReportedAndTheWatchGoesOn() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    // A routes file with a route the app lacks: the app refuses that link (65), every time.
    let exported = try JSON.parse(try Command.deeplink("routes", "--json").stdout)
    guard case .object(var members) = exported, case .array(var routes)? = exported["routes"] else {
      Issue.record("routes --json is no object with routes")
      return
    }
    routes.append(.object([("name", .string("nowhere")), ("summary", .string("A screen the app lacks"))]))
    members = members.map { $0.key == "routes" ? JSON.Member("routes", .array(routes)) : $0 }
    let file = directory.file("more.routes.json")
    try JSON.object(members).pretty.write(toFile: file, atomically: true, encoding: .utf8)
    var app = try RunningApp.start(socket: socket)
    defer { app.stop() }
    let keep = try WatchedProcess.start(
      Command.product("deeplink"), ["--routes", file, "nowhere", "--keep", "--socket", socket])
    defer { keep.stop() }
    #expect(
      keep.waitUntil { _, stderr in stderr.contains("waiting for the app to come back") }, "\(keep.stderr)")
    #expect(keep.stderr.contains("the app rejected the link"), "\(keep.stderr)")
    app.stop()
    app = try RunningApp.start(socket: socket)
    #expect(
      keep.waitUntil { _, stderr in stderr.components(separatedBy: "the app rejected the link").count == 3 },
      "tried again on the comeback: \(keep.stderr)")
    #expect(keep.interrupt() == 0, "\(keep.stderr)")
  }

  @Test(
    "--keep with what cannot be kept is 64 before anything is sent",
    arguments: [
      (["state", "--keep"], "--keep goes with a route or open"),
      (["settings", "--keep", "--dry-run"], "--keep and --dry-run do not go together"),
      (
        ["settings", "--keep", "--target", "android:emulator-5554"],
        "--keep needs an app whose agent acknowledges"
      ),
      (
        ["settings", "--keep", "--target", "simulator:" + UUID().uuidString],
        "--keep with a simulator target needs the app's bundle id"
      ),
    ])
  func whatCannotBeKeptIs64(arguments: [String], message: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try Command.deeplink(
      arguments, environment: ["PATH": directory.path, "DEEPLINK_TARGET": "", "DEEPLINK_BUNDLE_ID": ""])
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.contains(message), "\(result)")
  }
}
