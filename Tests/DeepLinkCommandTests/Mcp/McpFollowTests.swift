import DeepLinkRoutes
import DeepLinkWire
import Testing

@testable import DeepLinkCommand

/// A follower that gives the session the changes it is told to, in order, and counts how often
/// it was asked: the session's side of following the app, without a socket (the end-to-end
/// tests follow a real app).
final class ScriptedFollower: McpToolsFollower, @unchecked Sendable {
  var changes: [McpToolsChange]
  private(set) var asked = 0

  init(_ changes: [McpToolsChange]) { self.changes = changes }

  func follow(before request: McpFollowedRequest) -> McpToolsChange {
    asked += 1
    return changes.isEmpty ? .unchanged : changes.removeFirst()
  }

  func recheck(afterCallFailed failed: Bool) -> McpRecheck? { nil }
}

/// A follower that lets every call through on trust and, after one, says what it then found:
/// the session's side of a call that found the app it trusted gone.
final class DoubtingFollower: McpToolsFollower, @unchecked Sendable {
  var recheck: McpRecheck?
  private(set) var failures: [Bool] = []
  private(set) var requests: [McpFollowedRequest] = []

  init(_ recheck: McpRecheck?) { self.recheck = recheck }

  func follow(before request: McpFollowedRequest) -> McpToolsChange {
    requests.append(request)
    return .unchanged
  }

  func recheck(afterCallFailed failed: Bool) -> McpRecheck? {
    failures.append(failed)
    defer { recheck = nil }
    return recheck
  }
}

/// The session follows the app's table: `notifications/tools/list_changed` before the
/// response that uses the new tools, never before `initialize`, and a refused table changes
/// nothing but says why.
struct McpFollowTests {
  static let list = #"{"jsonrpc":"2.0","id":7,"method":"tools/list"}"#
  static var extended: McpServedTools {
    McpServedTools(table: TestTables.extended, tool: .deeplink, delivery: RecordingDelivery())
  }

  func session(_ follower: ScriptedFollower) -> McpSession {
    McpSession(
      toolbox: McpServedTools(table: .recipeSample, tool: .deeplink, delivery: RecordingDelivery()),
      follower: follower
    )
  }

  func handshake(_ session: inout McpSession) {
    _ = session.replies(to: [
      line(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}"#)
    ])
  }

  @Test func aNewTableIsAnnouncedBeforeTheResponseThatUsesIt() throws {
    let follower = ScriptedFollower([.changed(Self.extended)])
    var session = session(follower)
    handshake(&session)
    let replies = session.replies(to: [line(Self.list)])
    #expect(replies.count == 2, "\(replies)")
    #expect(replies.first?.serialized == #"{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}"#)
    let names = replies.last?["result"]?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    #expect(names.contains("search"), "the response lists the new table's tools")
    #expect(replies.last?["id"] == .int(7))
    // Then nothing more changes: one response, no notification.
    #expect(session.replies(to: [line(Self.list)]).count == 1)
  }

  @Test func aCallOfANewRouteWorksAndOfALostOneIsAnUnknownTool() throws {
    let follower = ScriptedFollower([.changed(Self.extended)])
    var session = session(follower)
    handshake(&session)
    let replies = session.replies(to: [line(call("search", #"{"query":"soup"}"#))])
    #expect(replies.count == 2 && replies[0]["method"] == .string("notifications/tools/list_changed"))
    #expect(replies[1]["result"]?["isError"] == .bool(false), "\(replies)")
    follower.changes = [
      .changed(McpServedTools(table: TestTables.small, tool: .deeplink, delivery: RecordingDelivery()))
    ]
    let lost = session.replies(to: [line(call("search", #"{"query":"soup"}"#))])
    #expect(lost.count == 2)
    #expect(lost[1]["error"]?["code"] == .int(-32602), "\(lost)")
  }

  @Test func nothingIsAskedOrAnnouncedBeforeInitializeNorForPing() throws {
    let follower = ScriptedFollower([.changed(Self.extended)])
    var session = session(follower)
    let early = session.replies(to: [line(Self.list), line(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)])
    #expect(early.count == 2 && early.allSatisfy { $0["id"] != nil }, "\(early)")
    #expect(early[0]["error"]?["code"] == .int(-32600))
    handshake(&session)
    #expect(follower.asked == 0)
    _ = session.replies(to: [line(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#)])
    #expect(follower.asked == 0)
  }

  @Test func aRefusedTableLeavesTheToolsAndTheCallSaysWhy() throws {
    let refusal = AppTableError(
      app: "/tmp/app.sock",
      problem: .versionMismatch(claimed: "0123456789abcdef", computed: "fedcba9876543210"))
    let follower = ScriptedFollower([
      .refused(.failure(RefusedTable(error: refusal))), .refused(.failure(RefusedTable(error: refusal))),
    ])
    let delivery = RecordingDelivery()
    var session = McpSession(
      toolbox: McpServedTools(table: .recipeSample, tool: .deeplink, delivery: delivery), follower: follower)
    handshake(&session)
    let listed = session.replies(to: [line(Self.list)])
    #expect(listed.count == 1, "no notification: \(listed)")
    #expect(
      listed[0]["result"]
        == McpServedTools(table: .recipeSample, tool: .deeplink, delivery: RecordingDelivery()).listResult)
    let called = session.replies(to: [line(call("settings"))])
    #expect(called.count == 1)
    let text = called[0]["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
    #expect(called[0]["result"]?["isError"] == .bool(true))
    #expect(
      text.hasPrefix("deeplink: error: the app on /tmp/app.sock served a table deeplink refuses: "), "\(text)"
    )
    #expect(text.contains("the tools stay those of the table it served before, and nothing was sent"))
    #expect(delivery.links.isEmpty)
    // The app serves a good table again: calls work.
    #expect(session.replies(to: [line(call("settings"))])[0]["result"]?["isError"] == .bool(false))
  }

  @Test func aCallTheFollowerDoubtsIsMadeAgainWithTheToolsItFound() throws {
    let follower = DoubtingFollower(McpRecheck(change: .changed(Self.extended), callAgain: true))
    let delivery = RecordingDelivery()
    var session = McpSession(
      toolbox: McpServedTools(table: .recipeSample, tool: .deeplink, delivery: delivery), follower: follower)
    handshake(&session)
    // `search` is a tool of the new table only: the first attempt names an unknown tool.
    let replies = session.replies(to: [line(call("search", #"{"query":"soup"}"#))])
    #expect(follower.failures == [true], "asked after the call, which failed")
    #expect(replies.count == 2, "\(replies)")
    #expect(replies.first?["method"] == .string("notifications/tools/list_changed"))
    #expect(replies.last?["result"]?["isError"] == .bool(false), "made again with the new tools: \(replies)")
  }

  @Test func aCallTheFollowerDoesNotDoubtStandsAsItWas() throws {
    let follower = DoubtingFollower(nil)
    let delivery = RecordingDelivery()
    var session = McpSession(
      toolbox: McpServedTools(table: .recipeSample, tool: .deeplink, delivery: delivery), follower: follower)
    handshake(&session)
    let replies = session.replies(to: [line(call("settings"))])
    #expect(replies.count == 1 && replies[0]["result"]?["isError"] == .bool(false), "\(replies)")
    #expect(delivery.links.map(\.route.name) == ["settings"], "sent once")
    #expect(follower.failures == [false])
    #expect(follower.requests == [.link], "a route's tool sends a link")
    _ = session.replies(to: [line(call("routes")), line(Self.list)])
    #expect(follower.requests == [.link, .list, .list], "routes and tools/list need the app's tools now")
  }

  @Test func withoutAFollowerTheToolsNeverChange() throws {
    var session = initializedSession()
    #expect(session.replies(to: [line(Self.list)]).count == 1)
    #expect(session.follower == nil)
  }
}
