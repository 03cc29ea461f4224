import DeepLinkRoutes
import DeepLinkWire
import Testing

@testable import DeepLinkCommand

/// Revision 2026-07-28 as its specification defines it: no handshake, every request carrying
/// its revision and the client's capabilities in `_meta`, `server/discover`, results with
/// `resultType`, cache hints on the tool list, and tool-list changes on `subscriptions/listen`.
struct McpStatelessTests {
  static let meta =
    #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#

  static func request(_ id: Int, _ method: String, _ params: String = "") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{\#(meta)\#(params.isEmpty ? "" : "," + params)}}"#
  }

  func fresh(_ follower: ScriptedFollower? = nil) -> McpSession {
    McpSession(
      toolbox: McpServedTools(table: .recipeSample, tool: .deeplink, delivery: RecordingDelivery()),
      follower: follower
    )
  }

  @Test func discoverNamesEveryRevisionAndDecidesTheEra() throws {
    var session = fresh()
    let reply = try respond(&session, Self.request(1, "server/discover"))
    let result = try #require(reply["result"])
    #expect(
      result["supportedVersions"]
        == .array([.string("2026-07-28"), .string("2025-11-25"), .string("2025-06-18")]))
    #expect(result["capabilities"]?.serialized == #"{"tools":{"listChanged":true}}"#)
    #expect(result["resultType"] == .string("complete"))
    #expect(result["cacheScope"] == .string("private"))
    #expect(result["ttlMs"]?.intValue ?? -1 >= 0)
    #expect(result["_meta"]?["io.modelcontextprotocol/serverInfo"]?["name"] == .string("deeplink"))
    #expect(result["instructions"]?.stringValue?.contains("'open'") == true)
    #expect(session.era == .stateless)
  }

  @Test func toolsAreListedAndCalledWithoutAHandshake() throws {
    var session = fresh()
    let list = try #require(try respond(&session, Self.request(1, "tools/list"))["result"])
    #expect(list["tools"]?.arrayValue?.count == RouteTable.recipeSample.routes.count + 5)
    #expect(list["resultType"] == .string("complete"))
    #expect(list["ttlMs"] == .int(3_600_000), "tools that never change may be kept")
    let called = try #require(
      try respond(&session, Self.request(2, "tools/call", #""name":"recipe","arguments":{"id":42}"#))[
        "result"])
    #expect(called["isError"] == .bool(false))
    #expect(called["resultType"] == .string("complete"))
    #expect(called["content"]?.arrayValue?.first?["text"] == .string("screen of recipe\n"))
  }

  @Test func toolsThatFollowTheAppAreStaleAtOnce() throws {
    var session = fresh(ScriptedFollower([]))
    let list = try respond(&session, Self.request(1, "tools/list"))
    #expect(list["result"]?["ttlMs"] == .int(0))
  }

  @Test func anUnknownRevisionIsRefusedNamingTheSupportedOnes() throws {
    var session = fresh()
    let reply = try respond(
      &session,
      #"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2027-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}"#
    )
    #expect(reply["error"]?["code"] == .int(-32022))
    #expect(reply["error"]?["data"]?["supported"] == .array([.string("2026-07-28")]))
    #expect(reply["error"]?["data"]?["requested"] == .string("2027-01-01"))
    #expect(session.era == .undecided, "a refused request decides nothing")
  }

  @Test(arguments: [
    #"{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}"#,
    #"{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":[]}"#,
    #"{"io.modelcontextprotocol/protocolVersion":7,"io.modelcontextprotocol/clientCapabilities":{}}"#,
  ])
  func aMalformedEnvelopeIsInvalidParams(_ meta: String) throws {
    var session = fresh()
    let reply = try respond(
      &session, #"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":\#(meta)}}"#)
    #expect(reply["error"]?["code"] == .int(-32602))
    #expect(reply["error"]?["message"]?.stringValue?.contains("io.modelcontextprotocol/") == true)
  }

  @Test func theErasDoNotMix() throws {
    var stateless = fresh()
    _ = try respond(&stateless, Self.request(1, "tools/list"))
    let initialize = try respond(
      &stateless, #"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}"#
    )
    #expect(initialize["error"]?["code"] == .int(-32022))
    #expect(initialize["error"]?["data"]?["requested"] == .string("2025-11-25"))
    let bare = try respond(&stateless, #"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#)
    #expect(bare["error"]?["code"] == .int(-32602))

    var handshake = initializedSession()
    let enveloped = try respond(&handshake, Self.request(4, "tools/list"))
    #expect(enveloped["error"]?["code"] == .int(-32600))
    #expect(handshake.protocolVersion == "2025-11-25")
  }

  @Test func aListenStreamIsAcknowledgedAndToldOfEveryChange() throws {
    let follower = ScriptedFollower([])
    var session = fresh(follower)
    let ack = session.replies(to: [
      line(
        Self.request(
          9, "subscriptions/listen", #""notifications":{"toolsListChanged":true,"promptsListChanged":true}"#))
    ])
    #expect(ack.count == 1, "the stream's only line is its acknowledgement: no response")
    #expect(
      ack.first?.serialized
        == #"{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"notifications":{"toolsListChanged":true},"_meta":{"io.modelcontextprotocol/subscriptionId":9}}}"#
    )
    follower.changes = [
      .changed(McpServedTools(table: TestTables.extended, tool: .deeplink, delivery: RecordingDelivery()))
    ]
    let replies = session.replies(to: [line(Self.request(10, "tools/list"))])
    #expect(replies.count == 2)
    #expect(
      replies.first?.serialized
        == #"{"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":9}}}"#
    )
    #expect(
      replies.last?["result"]?["tools"]?.arrayValue?.contains { $0["name"] == .string("search") } == true)
    // The client ends the stream: no more notifications.
    _ = session.replies(to: [
      line(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9}}"#)
    ])
    follower.changes = [
      .changed(McpServedTools(table: .recipeSample, tool: .deeplink, delivery: RecordingDelivery()))
    ]
    #expect(session.replies(to: [line(Self.request(11, "tools/list"))]).count == 1)
  }

  @Test func aListenWithoutAFilterIsInvalidParams() throws {
    var session = fresh()
    let reply = try respond(&session, Self.request(1, "subscriptions/listen"))
    #expect(reply["error"]?["code"] == .int(-32602))
    #expect(session.listeners.isEmpty)
  }

  @Test func aCallCarryingAProgressTokenGetsEachStepBeforeItsResult() throws {
    let delivery = RecordingDelivery()
    delivery.offersLaunch = true
    delivery.steps = [.simulator("U"), .launched("com.example", pid: 42), .answering("com.example")]
    var session = McpSession(
      toolbox: McpServedTools(table: .recipeSample, tool: .deeplink, delivery: delivery))
    let replies = session.replies(to: [
      line(
        #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"launch","arguments":{},"_meta":{"progressToken":"t","io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#
      )
    ])
    #expect(replies.count == 4, "\(replies)")
    #expect(
      replies.first?.serialized
        == #"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1,"total":3,"message":"simulator U booted"}}"#
    )
    #expect(replies[1]["params"]?["message"] == .string("com.example launched (pid 42)"))
    #expect(replies[2]["params"]?["progress"] == .int(3))
    #expect(replies[3]["id"] == .int(3))
    // Without a token, no progress.
    #expect(session.replies(to: [line(Self.request(4, "tools/call", #""name":"launch""#))]).count == 1)
  }
}
