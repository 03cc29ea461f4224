import DeepLinkRoutes
import DeepLinkWire
import Testing

@testable import DeepLinkCommand

/// The protocol as the MCP specification (revisions 2025-06-18 and 2025-11-25) describes it:
/// the handshake, ping, notifications, cancellation and the JSON-RPC errors.
struct McpSessionTests {
  static let negotiations: [(requested: String, agreed: String)] = [
    ("2025-11-25", "2025-11-25"),
    ("2025-06-18", "2025-06-18"),
    ("2024-11-05", "2025-11-25"),
    ("2025-03-26", "2025-11-25"),
    ("2026-07-28", "2025-11-25"),
    ("next year", "2025-11-25"),
  ]

  @Test(arguments: negotiations)
  func initializeAgreesOnARevision(requested: String, agreed: String) throws {
    var session = McpSession(
      toolbox: McpServedTools(table: .recipeSample, tool: .deeplink, delivery: RecordingDelivery()))
    let reply = try respond(
      &session,
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(requested)","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
    )
    #expect(reply["id"] == .int(1))
    #expect(reply["result"]?["protocolVersion"] == .string(agreed))
    #expect(reply["result"]?["capabilities"]?.serialized == #"{"tools":{"listChanged":true}}"#)
    #expect(reply["result"]?["serverInfo"]?["name"] == .string("deeplink"))
    #expect(session.protocolVersion == agreed)
  }

  @Test func initializeIsSentOnce() throws {
    var session = initializedSession()
    let reply = try respond(
      &session, #"{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}"#)
    #expect(reply["error"]?["code"] == .int(-32600))
    #expect(session.protocolVersion == "2025-11-25", "the agreed revision stays")
  }

  @Test func initializeNeedsAProtocolVersion() throws {
    var session = McpSession(
      toolbox: McpServedTools(table: .recipeSample, tool: .deeplink, delivery: RecordingDelivery()))
    let reply = try respond(&session, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
    #expect(reply["error"]?["code"] == .int(-32602))
    #expect(session.protocolVersion == nil)
  }

  @Test func beforeInitializeOnlyPingIsAnswered() throws {
    var session = McpSession(
      toolbox: McpServedTools(table: .recipeSample, tool: .deeplink, delivery: RecordingDelivery()))
    #expect(try respond(&session, #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)["result"] == .emptyObject)
    let list = try respond(&session, #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#)
    #expect(list["error"]?["code"] == .int(-32600))
    #expect(
      list["error"]?["message"]?.stringValue?.hasPrefix(
        "invalid request: tools/list before initialize; send initialize first, or give the request \"_meta\"")
        == true)
    let call = try respond(&session, call("settings", id: 3))
    #expect(call["error"]?["code"] == .int(-32600))
  }

  @Test func unknownMethodsAreMethodNotFound() throws {
    var session = initializedSession()
    let reply = try respond(&session, #"{"jsonrpc":"2.0","id":"x","method":"resources/list"}"#)
    #expect(reply["id"] == .string("x"))
    #expect(reply["error"]?["code"] == .int(-32601))
    #expect(reply["error"]?["message"] == .string("unknown method 'resources/list'"))
  }

  @Test func notificationsAreNeverAnswered() {
    var session = McpSession(
      toolbox: McpServedTools(table: .recipeSample, tool: .deeplink, delivery: RecordingDelivery()))
    #expect(session.replies(to: [line(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)]) == [])
    #expect(!session.clientInitialized, "initialized before initialize means nothing")
    var ready = initializedSession()
    #expect(ready.clientInitialized)
    for method in ["notifications/cancelled", "notifications/roots/list_changed", "no/such/notification"] {
      #expect(ready.replies(to: [line(#"{"jsonrpc":"2.0","method":"\#(method)","params":{}}"#)]) == [])
    }
    #expect(
      ready.replies(to: [line(#"{"jsonrpc":"2.0","id":4,"result":{}}"#)]) == [], "responses are ignored")
  }

  @Test func aCancelledRequestIsNotRunAndNotAnswered() {
    let delivery = RecordingDelivery()
    var session = initializedSession(delivery: delivery)
    let replies = session.replies(to: [
      line(call("settings", id: 5)),
      line(call("login", id: 6)),
      line(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5,"reason":"user"}}"#),
    ])
    #expect(replies.count == 1)
    #expect(replies.first?["id"] == .int(6))
    #expect(delivery.links.map(\.route.name) == ["login"])
  }

  @Test func aCancellationOfAnAnsweredRequestIsIgnored() {
    let delivery = RecordingDelivery()
    var session = initializedSession(delivery: delivery)
    #expect(session.replies(to: [line(call("settings", id: 5))]).count == 1)
    #expect(
      session.replies(to: [
        line(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}}"#)
      ])
        == [])
    #expect(delivery.links.map(\.route.name) == ["settings"])
  }

  @Test func badLinesAreAnsweredAndTheSessionGoesOn() throws {
    var session = initializedSession()
    let replies = session.replies(to: [line("not json"), line(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)])
    #expect(replies.count == 2)
    let first = replies[0]
    #expect(first["id"] == .null)
    #expect(first["error"]?["code"] == .int(-32700))
    #expect(replies[1]["result"] == .emptyObject)
  }

  @Test func paramsMustBeAnObject() throws {
    var session = initializedSession()
    let reply = try respond(&session, #"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":[1]}"#)
    #expect(reply["error"]?["code"] == .int(-32602))
  }

  @Test func toolsListHasOnePage() throws {
    var session = initializedSession()
    let reply = try respond(
      &session, #"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"2"}}"#)
    #expect(reply["error"]?["code"] == .int(-32602))
    let tools = try respond(&session, #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#)
    #expect(tools["result"]?["nextCursor"] == nil)
    #expect(tools["result"]?["tools"]?.arrayValue?.count == RouteTable.recipeSample.routes.count + 5)
  }
}
