import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// A link is one connection and one round trip when the client's table is the app's: the link
/// carries its table's fingerprint, and the app refuses one built from another table, unapplied,
/// so that the client fetches the app's table, builds the link again and resends it. The real
/// `deeplink` against real agents (`transition-app` with routes of its own, `deeplink-app`) on
/// real sockets, with a private cache.
@Suite("A link is one round trip, and never applied from a stale table")
struct OneRoundTripTests {
  /// `deeplink ARGUMENTS --socket SOCKET` with `cache` as `XDG_CACHE_HOME`.
  static func deeplink(_ arguments: [String], socket: String, cache: TemporaryDirectory) throws
    -> CommandResult
  {
    try Command.deeplink(arguments + ["--socket", socket], environment: ["XDG_CACHE_HOME": cache.path])
  }

  @Test func aLinkFromAStaleTableIsRefusedThenBuiltAgainFromTheAppsTable() throws {
    let cache = try TemporaryDirectory()
    defer { cache.remove() }
    let first = try ZeroConfigurationTests.start(extra: ["wishlist"])
    let socket = first.socket
    #expect(try Self.deeplink(["wishlist"], socket: socket, cache: cache).status == 0)
    _ = first.stop()

    // Restarted with another table: the cached one (with `wishlist`) is stale.
    let events = try TemporaryDirectory()
    defer { events.remove() }
    let eventsFile = events.file("events")
    let second = try RunningApp.start(
      executable: Command.product("transition-app"), socket: socket,
      arguments: ["--transition", "0", "--extra-route", "compare", "--events", eventsFile])
    defer { _ = second.stop() }
    // A route both tables have: refused as stale, built again from the app's table, applied once.
    let settings = try Self.deeplink(["settings"], socket: socket, cache: cache)
    #expect(settings.status == 0 && settings.stdout.hasPrefix("shown debug://settings\n"), "\(settings)")
    #expect(settings.stderr.isEmpty, "no warning: the link was built from the app's table: \(settings)")
    // A route only the stale table has: refused unapplied, then unknown in the app's table.
    let gone = try Self.deeplink(["wishlist"], socket: socket, cache: cache)
    #expect(gone.status == 64 && gone.stderr.contains("unknown route or command 'wishlist'"), "\(gone)")
    let applied = try String(contentsOfFile: eventsFile, encoding: .utf8)
    #expect(applied == "start debug://settings\nend debug://settings\n", "only settings, once: \(applied)")
    // The app's table is kept: its route works offline too.
    _ = second.stop()
    let offline = try Self.deeplink(["url", "compare"], socket: socket, cache: cache)
    #expect(offline.status == 0 && offline.stdout == "debug://compare\n", "\(offline)")
  }

  /// What each request sent by hand gets: the protocol of an older `deeplink`, which sends no
  /// fingerprint, is served as before; a fingerprint that is not the app's is refused unapplied.
  @Test func aLinkWithoutAFingerprintIsServedAndAForeignOneRefused() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let version =
      try JSON.parse(try app.deeplink("version", "--json").stdout)["routeTable"]?.stringValue ?? ""
    #expect(version.count == 16)
    func send(_ line: String) throws -> JSON {
      let client = try LineClient.connect(
        path: app.socket, deadline: .after(milliseconds: 5_000), maximumLineLength: 1 << 20)
      defer { client.close() }
      return try JSON.parse(try client.request(line, deadline: .after(milliseconds: 5_000)))
    }
    let old = try send(#"{"op":"open","url":"debug://settings"}"#)
    #expect(old["ok"] == .bool(true) && old["applied"] == .string("debug://settings"), "\(old)")
    let current = try send(#"{"op":"open","url":"debug://recipes","table":"\#(version)"}"#)
    #expect(current["ok"] == .bool(true) && current["applied"] == .string("debug://recipes"), "\(current)")
    let stale = try send(#"{"op":"open","url":"debug://login","table":"0123456789abcdef"}"#)
    #expect(stale["ok"] == .bool(false) && stale["error"]?["kind"] == .string("stale-table"), "\(stale)")
    #expect(stale["version"] == .string(version), "the refusal names the app's table: \(stale)")
    let hostile = try send(#"{"op":"open","url":"debug://login","table":42}"#)
    #expect(hostile["error"]?["kind"] == .string("bad-request"), "\(hostile)")
    // Neither refused link was applied: the screen is still the recipe list.
    let state = try send(#"{"op":"state"}"#)
    guard case .array(let path)? = state["state"]?["path"] else {
      Issue.record("no path: \(state)")
      return
    }
    #expect(path.map { $0["destination"] } == [.string("recipes")], "\(state)")
  }

  /// The connections a `deeplink` command opens to `socket`, counted by `strace`.
  static func connections(_ arguments: [String], socket: String, cache: TemporaryDirectory) throws -> (
    result: CommandResult, count: Int
  ) {
    let trace = try TemporaryDirectory()
    defer { trace.remove() }
    let file = trace.file("trace")
    let result = try Command.run(
      try ExternalTool.require("strace"),
      ["-f", "-e", "trace=connect", "-o", file, Command.product("deeplink")] + arguments + [
        "--socket", socket,
      ],
      environment: ["XDG_CACHE_HOME": cache.path])
    let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
    return (result, lines.filter { $0.contains("connect(") && $0.contains(socket) }.count)
  }

  @Test(.requires("strace")) func aLinkIsOneConnectionWhenTheTableIsCurrent() throws {
    let cache = try TemporaryDirectory()
    defer { cache.remove() }
    // First contact with an app serving the tool's own table, nothing cached: one connection.
    let app = try RunningApp.start()
    defer { app.stop() }
    let first = try Self.connections(["settings"], socket: app.socket, cache: cache)
    #expect(first.result.status == 0 && first.count == 1, "\(first)")
    let again = try Self.connections(["recipe", "--id", "42"], socket: app.socket, cache: cache)
    #expect(again.result.status == 0 && again.count == 1, "\(again)")

    // An app with a table of its own, cached: one connection too.
    let other = try ZeroConfigurationTests.start(extra: ["wishlist"])
    defer { _ = other.stop() }
    #expect(try Self.deeplink(["wishlist"], socket: other.socket, cache: cache).status == 0)
    let cached = try Self.connections(["wishlist"], socket: other.socket, cache: cache)
    #expect(cached.result.status == 0 && cached.count == 1, "\(cached)")
  }
}
