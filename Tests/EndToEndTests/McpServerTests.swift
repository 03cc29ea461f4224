import DeepLinkRoutes
import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// `deeplink mcp`, the real binary over pipes: bad input on the wire, the end of input, and
/// tool calls against the real app.
@Suite("deeplink mcp over pipes")
struct McpServerTests {
  @Test func badInputIsAnsweredAndTheServerGoesOn() throws {
    let server = try McpProcess.start(["--socket", "/nonexistent/app.sock"])
    // Before initialize: anything but ping is refused, nothing crashes.
    #expect(try server.request(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)["result"] == .emptyObject)
    let early = try server.request(#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#)
    #expect(early["id"] == .int(2))
    #expect(early["error"]?["code"] == .int(-32600))

    let notJSON = try server.request("{this is not json")
    #expect(notJSON["id"] == .null)
    #expect(notJSON["error"]?["code"] == .int(-32700))

    let batch = try server.request(#"[{"jsonrpc":"2.0","id":3,"method":"ping"}]"#)
    #expect(batch["id"] == .null)
    #expect(batch["error"]?["code"] == .int(-32600))

    let unknown = try server.request(#"{"jsonrpc":"2.0","id":4,"method":"prompts/list"}"#)
    #expect(unknown["id"] == .int(4))
    #expect(unknown["error"]?["code"] == .int(-32601))

    // A probe without the 2026-07-28 envelope is answered and decides nothing: initialize follows.
    let discover = try server.request(#"{"jsonrpc":"2.0","id":5,"method":"server/discover","params":{}}"#)
    #expect(discover["result"]?["supportedVersions"]?.arrayValue?.first == .string("2026-07-28"))

    #expect(try server.initialize()["result"]?["protocolVersion"] == .string("2025-11-25"))

    // A line over the limit (1 MiB): one error, its bytes dropped, the next line answered.
    try server.send(bytes: [UInt8](repeating: UInt8(ascii: "x"), count: (1 << 20) + 10) + [10])
    let tooLong = try server.receive()
    #expect(tooLong["id"] == .null)
    #expect(tooLong["error"]?["code"] == .int(-32600))
    #expect(tooLong["error"]?["message"]?.stringValue?.contains("longer than 1048576 bytes") == true)

    let list = try server.request(#"{"jsonrpc":"2.0","id":6,"method":"tools/list"}"#)
    #expect(list["result"]?["tools"]?.arrayValue?.count == RouteTable.recipeSample.routes.count + 5)

    let unknownTool = try server.request(
      #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"settingz","arguments":{}}}"#)
    #expect(unknownTool["error"]?["code"] == .int(-32602))

    #expect(server.closeAndWait() == 0)
    #expect(server.receiveLine() == nil, "nothing after the answers")
    #expect(server.errorOutput() == "")
  }

  @Test func theEndOfInputEndsTheServerWithExitZero() throws {
    let idle = try McpProcess.start()
    #expect(idle.closeAndWait() == 0)
    #expect(idle.receiveLine() == nil)

    let mid = try McpProcess.start()
    try mid.initialize()
    try mid.send(bytes: Array(#"{"jsonrpc":"2.0","id":1,"meth"#.utf8))
    #expect(mid.closeAndWait() == 0, "a half line at the end is answered, then the server exits")
    let answer = try #require(mid.receiveLine())
    #expect(try JSON.parse(answer)["error"]?["code"] == .int(-32700))
  }

  @Test func theLastLineWithoutANewlineIsAnswered() throws {
    let server = try McpProcess.start()
    try server.send(bytes: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8))
    #expect(server.closeAndWait() == 0)
    #expect(server.receiveLine() == #"{"jsonrpc":"2.0","id":1,"result":{}}"#)
    #expect(server.receiveLine() == nil)
    #expect(server.errorOutput() == "")
  }

  @Test func withoutAnAppACallIsAToolErrorWithTheCommandLinesMessage() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    let cli = try Command.deeplink("settings", "--socket", socket)
    #expect(cli.status == 69)
    let server = try McpProcess.start(["--socket", socket])
    try server.initialize()
    for tool in ["settings", "state", "screen"] {
      let reply = try server.request(
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"\#(tool)"}}"#)
      #expect(reply["result"]?["isError"] == .bool(true))
      let text = reply["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue
      #expect(text == cli.stderr.split(separator: "\n").first.map(String.init))
    }
    #expect(server.closeAndWait() == 0)
  }

  @Test func callsDriveTheRealAppAndWrongOnesLeaveItAlone() throws {
    try withApp { app in
      let server = try McpProcess.start(["--socket", app.socket])
      try server.initialize(version: "2025-06-18")
      let good = try server.request(
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"recipe-edit","arguments":{"id":42,"unsaved":true}}}"#
      )
      let result = try #require(good["result"])
      #expect(result["isError"] == .bool(false))
      let applied = try app.state()
      #expect(result["structuredContent"] == applied)
      #expect(result["content"]?.arrayValue?.first?["text"] == .string(try app.screen()))

      let cli = try app.deeplink("recipe", "--id", "abc")
      #expect(cli.status == 64)
      for arguments in [#"{"id":"abc"}"#, "{}", #"{"id":0}"#, #"{"idd":1}"#] {
        let bad = try server.request(
          #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"recipe","arguments":\#(arguments)}}"#
        )
        #expect(bad["result"]?["isError"] == .bool(true), "\(arguments)")
      }
      let bad = try server.request(
        #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"recipe","arguments":{"id":"abc"}}}"#
      )
      #expect(
        bad["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue
          == cli.stderr.split(separator: "\n").first.map(String.init))
      #expect(try app.state() == applied, "no wrong call changed the app")

      let state = try server.request(
        #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"state"}}"#)
      #expect(state["result"]?["structuredContent"] == applied)
      #expect(server.closeAndWait() == 0)
      #expect(server.errorOutput() == "")
    }
  }

  @Test func withARoutesFileTheToolsAreTheFilesRoutes() throws {
    try RoutesFileCommandTests.withShop { _, file in
      let server = try McpProcess.start(["--routes", file, "--socket", "/nonexistent/app.sock"])
      try server.initialize()
      let list = try server.request(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
      let tools = list["result"]?["tools"]?.arrayValue ?? []
      #expect(
        tools.compactMap { $0["name"]?.stringValue } == [
          "product", "cart", "settings", "routes", "open", "state", "screen", "open_url",
        ])
      #expect(
        tools.first?["inputSchema"]?.serialized
          == #"{"type":"object","properties":{"id":{"type":"integer","minimum":1,"maximum":9999,"#
          + #""description":"Product id"}},"required":["id"],"additionalProperties":false}"#)
      #expect(tools.first?["description"]?.stringValue?.contains("shop://product?id=<id>") == true)
      let wrong = try server.request(
        #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"product","arguments":{"id":0}}}"#)
      #expect(
        wrong["result"]?["content"]?.arrayValue?.first?["text"]
          == .string("deeplink: error: --id expects an integer from 1 to 9999, got 0"))
      let recipe = try server.request(
        #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"recipe","arguments":{"id":1}}}"#)
      #expect(recipe["error"]?["code"] == .int(-32602), "the built-in routes are not tools here")
      #expect(server.closeAndWait() == 0)
    }
  }

  @Test func aBrokenRoutesFileStopsTheServerAsEveryCommand() throws {
    let result = try Command.deeplink("mcp", "--routes", "/nonexistent/routes.json", input: "")
    let cli = try Command.deeplink("settings", "--routes", "/nonexistent/routes.json")
    #expect(result.status == 64)
    #expect(result.stdout == "", "nothing but protocol messages on standard output")
    #expect(result.stderr == cli.stderr)
  }

  @Test func theSessionOutlivesTheAppsConnectionAndTheAppItself() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    let first = try RunningApp.start(socket: socket)
    let server = try McpProcess.start(["--socket", socket])
    try server.initialize()
    let call =
      #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"recipe","arguments":{"id":42}}}"#
    #expect(try server.request(call)["result"]?["isError"] == .bool(false))
    #expect(try first.state()["path"]?.serialized == #"[{"destination":"recipe","id":42}]"#)
    first.stop()
    // The server kept its connection to the first app: the next call finds it closed, and goes
    // to the app that listens now.
    let second = try RunningApp.start(socket: socket)
    defer { second.stop() }
    let again = try server.request(call)
    #expect(again["result"]?["isError"] == .bool(false), "\(again)")
    #expect(try second.state()["path"]?.serialized == #"[{"destination":"recipe","id":42}]"#)
    let state = try server.request(
      #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"state"}}"#)
    #expect(state["result"]?["structuredContent"] == (try second.state()))
    #expect(server.closeAndWait() == 0)
  }
}
