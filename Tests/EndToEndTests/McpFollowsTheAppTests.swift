import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// `deeplink mcp` follows the app's table within one session: the real server against a real
/// agent (`transition-app` with routes of its own) on a real socket, the app stopped and started
/// again with one more route, as a rebuilt app would be.
@Suite("deeplink mcp follows the app's table")
struct McpFollowsTheAppTests {
  static let listChanged = #"{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}"#

  /// The tool names of a `tools/list` response.
  static func names(_ reply: JSON) -> [String] {
    reply["result"]?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
  }

  /// Sends `request` then a `ping`: the lines up to the ping's response, which prove that
  /// nothing else came (a notification comes before the response it precedes).
  static func exchange(_ server: McpProcess, _ request: String) throws -> [String] {
    try server.send(request)
    try server.send(#"{"jsonrpc":"2.0","id":"fence","method":"ping"}"#)
    var lines: [String] = []
    while let line = server.receiveLine() {
      if line == #"{"jsonrpc":"2.0","id":"fence","result":{}}"# { return lines }
      lines.append(line)
    }
    throw McpProcess.Ended()
  }

  @Test func aRestartedAppWithOneMoreRouteIsAnnouncedAndItsToolWorks() throws {
    let cache = try TemporaryDirectory()
    defer { cache.remove() }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    let first = try ZeroConfigurationTests.start(socket: socket, extra: ["wishlist"])
    let server = try McpProcess.start(["--socket", socket], environment: ["XDG_CACHE_HOME": cache.path])
    let initialized = try server.initialize()
    #expect(initialized["result"]?["capabilities"]?.serialized == #"{"tools":{"listChanged":true}}"#)
    let before = try Self.exchange(server, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
    #expect(before.count == 1, "no notification while the table holds: \(before)")
    let names = Self.names(try JSON.parse(before[0]))
    #expect(names.contains("wishlist") && !names.contains("compare"), "\(names)")

    _ = first.stop()
    let second = try ZeroConfigurationTests.start(socket: socket, extra: ["wishlist", "compare"])
    defer { _ = second.stop() }
    let after = try Self.exchange(server, #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#)
    #expect(after.count == 2 && after.first == Self.listChanged, "\(after)")
    let list = try JSON.parse(after.last ?? "")
    #expect(list["id"] == .int(2))
    #expect(Self.names(list).contains("compare"), "\(Self.names(list))")

    let called = try Self.exchange(
      server, #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"compare"}}"#)
    #expect(called.count == 1, "announced once: \(called)")
    let result = try JSON.parse(called[0])["result"]
    #expect(result?["isError"] == .bool(false), "\(called)")
    #expect(
      result?["content"]?.arrayValue?.first?["text"]?.stringValue?.hasPrefix("shown debug://compare\n")
        == true,
      "the app acknowledged the link: \(called)")
    #expect(server.closeAndWait() == 0)
    #expect(!server.errorOutput().contains("warning"), "the new table is the app's own: no warning")
  }

  /// A `tools/call` of `name`, as a client sends it.
  static func call(_ id: Int, _ name: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(name)"}}"#
  }

  /// The text of a successful tool result, `nil` for anything else.
  static func shown(_ line: String) -> String? {
    guard let result = try? JSON.parse(line)["result"], result["isError"] == .bool(false) else { return nil }
    return result["content"]?.arrayValue?.first?["text"]?.stringValue
  }

  /// A session whose calls went through a kept connection to `first`, then `first` stopped and
  /// another app started on its socket with the routes `extra`: `body` gets the server.
  static func restarted(
    from first: [String], to second: [String], _ body: (McpProcess) throws -> Void
  ) throws {
    let cache = try TemporaryDirectory()
    defer { cache.remove() }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    let app = try ZeroConfigurationTests.start(socket: socket, extra: first)
    let server = try McpProcess.start(["--socket", socket], environment: ["XDG_CACHE_HOME": cache.path])
    try server.initialize()
    _ = try exchange(server, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
    for id in 2...3 {
      let called = try exchange(server, call(id, first[0]))
      #expect(
        called.count == 1 && shown(called[0])?.hasPrefix("shown debug://\(first[0])\n") == true, "\(called)")
    }
    _ = app.stop()
    let next = try ZeroConfigurationTests.start(socket: socket, extra: second)
    defer { _ = next.stop() }
    try body(server)
    #expect(server.closeAndWait() == 0)
    #expect(!server.errorOutput().contains("warning"), "each table is the app's own: no warning")
  }

  @Test func aCallAfterTheAppRestartedGoesToTheNewAppWithItsTools() throws {
    try Self.restarted(from: ["wishlist"], to: ["wishlist", "compare"]) { server in
      let called = try Self.exchange(server, Self.call(4, "wishlist"))
      #expect(called.count == 2 && called.first == Self.listChanged, "announced, then answered: \(called)")
      #expect(Self.shown(called.last ?? "")?.hasPrefix("shown debug://wishlist\n") == true, "\(called)")
      let next = try Self.exchange(server, Self.call(5, "compare"))
      #expect(next.count == 1 && Self.shown(next[0])?.hasPrefix("shown debug://compare\n") == true, "\(next)")
    }
  }

  @Test func aToolTheRestartedAppAddedCanBeCalledBeforeAnyList() throws {
    try Self.restarted(from: ["wishlist"], to: ["wishlist", "compare"]) { server in
      let called = try Self.exchange(server, Self.call(4, "compare"))
      #expect(called.count == 2 && called.first == Self.listChanged, "\(called)")
      #expect(Self.shown(called.last ?? "")?.hasPrefix("shown debug://compare\n") == true, "\(called)")
    }
  }

  @Test func aToolTheRestartedAppDroppedIsUnknownAndNothingIsSent() throws {
    try Self.restarted(from: ["wishlist", "compare"], to: ["compare"]) { server in
      let called = try Self.exchange(server, Self.call(4, "wishlist"))
      #expect(called.count == 2 && called.first == Self.listChanged, "\(called)")
      let error = try JSON.parse(called.last ?? "")["error"]
      #expect(error?["code"] == .int(-32602), "an unknown tool, not a link the app refused: \(called)")
    }
  }

  @Test func aCallAfterTheSameAppRestartedIsAnsweredWithNoAnnouncement() throws {
    try Self.restarted(from: ["wishlist"], to: ["wishlist"]) { server in
      let called = try Self.exchange(server, Self.call(4, "wishlist"))
      #expect(
        called.count == 1 && Self.shown(called[0])?.hasPrefix("shown debug://wishlist\n") == true, "\(called)"
      )
    }
  }

  @Test func withARoutesFileTheToolsNeverChange() throws {
    let cache = try TemporaryDirectory()
    defer { cache.remove() }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    let first = try ZeroConfigurationTests.start(socket: socket, extra: ["wishlist"])
    let file = directory.file("app.routes.json")
    let exported = try ZeroConfigurationTests.deeplink(
      ["--socket", socket, "routes", "--json"], cache: cache)
    try exported.stdout.write(toFile: file, atomically: true, encoding: .utf8)
    let server = try McpProcess.start(
      ["--socket", socket, "--routes", file], environment: ["XDG_CACHE_HOME": cache.path])
    try server.initialize()
    _ = first.stop()
    let second = try ZeroConfigurationTests.start(socket: socket, extra: ["wishlist", "compare"])
    defer { _ = second.stop() }
    let after = try Self.exchange(server, #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#)
    #expect(after.count == 1, "an explicit table never changes: \(after)")
    #expect(!Self.names(try JSON.parse(after[0])).contains("compare"))
    #expect(server.closeAndWait() == 0)
  }

  @Test func aHostileTableServedMidSessionLeavesTheToolsAndTheCallSaysWhy() throws {
    let cache = try TemporaryDirectory()
    defer { cache.remove() }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    let app = try ZeroConfigurationTests.start(socket: socket, extra: ["wishlist"])
    let server = try McpProcess.start(["--socket", socket], environment: ["XDG_CACHE_HOME": cache.path])
    try server.initialize()
    let before = try Self.exchange(server, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
    _ = app.stop()
    let lying =
      #"{"ok":true,"version":"0123456789abcdef","table":{"scheme":"evil","version":"0123456789abcdef","routes":[{"name":"home"}]}}"#
    try ZeroConfigurationTests.serve(socket, table: lying) {
      let listed = try Self.exchange(server, #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#)
      #expect(listed.count == 1, "no notification: \(listed)")
      #expect(
        Self.names(try JSON.parse(listed[0])) == Self.names(try JSON.parse(before[0])), "the tools stay")
      let called = try Self.exchange(
        server, #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"wishlist"}}"#)
      let result = try JSON.parse(called.last ?? "")["result"]
      #expect(result?["isError"] == .bool(true), "\(called)")
      let text = result?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
      #expect(
        text.hasPrefix("deeplink: error: the app on \(socket) served a table deeplink refuses: "), "\(text)")
      #expect(text.contains("its version is 0123456789abcdef, but its routes give"), "\(text)")
    }
    #expect(server.closeAndWait() == 0)
    let kept = (try? FileManager.default.contentsOfDirectory(atPath: cache.path + "/deeplink")) ?? []
    #expect(kept.count == 1, "only the good table is cached: \(kept)")
  }
}
