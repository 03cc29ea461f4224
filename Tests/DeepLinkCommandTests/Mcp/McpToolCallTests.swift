import DeepLinkRoutes
import DeepLinkWire
import Testing

@testable import DeepLinkCommand

/// `tools/call`: arguments checked by the command line's parser, failures as tool results
/// with the message `deeplink` prints, unknown tools as JSON-RPC errors.
struct McpToolCallTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let testDescription: String
    let tool: String
    let arguments: String
    let message: String
    /// The command line that makes the same mistake, when there is one.
    let commandLine: [String]?

    init(_ name: String, _ tool: String, _ arguments: String, _ message: String, cli: [String]? = nil) {
      self.testDescription = name
      self.tool = tool
      self.arguments = arguments
      self.message = message
      self.commandLine = cli
    }
  }

  static let wrongArguments: [Case] = [
    Case(
      "not an integer", "recipe", #"{"id":"abc"}"#, "--id expects an integer, got 'abc'",
      cli: ["recipe", "--id", "abc"]),
    Case(
      "out of range", "recipe", #"{"id":0}"#, "--id expects an integer from 1 to 999999, got 0",
      cli: ["recipe", "--id", "0"]),
    Case(
      "a fraction", "recipe", #"{"id":4.5}"#, "--id expects an integer, got '4.5'",
      cli: ["recipe", "--id", "4.5"]),
    Case("missing", "recipe", "{}", "recipe requires --id", cli: ["recipe"]),
    Case("null is left out", "recipe", #"{"id":null}"#, "recipe requires --id", cli: ["recipe"]),
    Case(
      "unknown, with a suggestion", "recipe", #"{"idd":4}"#,
      "unknown option '--idd' for recipe — did you mean '--id'?",
      cli: ["recipe", "--idd", "4"]),
    Case(
      "not a boolean", "recipe-edit", #"{"id":1,"unsaved":"yes"}"#,
      "--unsaved expects true or false (also 1 or 0; any letter case), got 'yes'",
      cli: ["recipe-edit", "--id", "1", "--unsaved=yes"]),
    Case(
      "not a choice", "recipes", #"{"sort":"newst"}"#,
      "--sort expects one of name, newest, rating, got 'newst' (did you mean 'newest'?)",
      cli: ["recipes", "--sort", "newst"]),
    Case(
      "errors come in argument order", "recipe-edit", #"{"unsaved":"x","id":"y"}"#,
      "--unsaved expects true or false (also 1 or 0; any letter case), got 'x'",
      cli: ["recipe-edit", "--unsaved=x", "--id", "y"]),
    Case("an array", "recipe", #"{"id":[1]}"#, "--id expects an integer from 1 to 999999, got an array"),
    Case("an object", "login-error", #"{"message":{}}"#, "--message expects a string, got an object"),
    Case(
      "a global option is no argument", "recipe", #"{"id":1,"json":true}"#,
      "unknown option '--json'; recipe takes --id"),
    Case(
      "a route without parameters", "settings", #"{"id":1}"#, "unknown option '--id'; settings takes none"),
    Case("state takes nothing", "state", #"{"x":1}"#, "unknown option '--x'; state takes none"),
    Case(
      "open_url without a URL", "open_url", "{}", "open needs a URL, such as debug://<route>?<name>=<value>",
      cli: ["open"]),
    Case(
      "open_url with an unknown route", "open_url", #"{"url":"debug://recipee?id=1"}"#,
      "unknown route 'recipee' — did you mean 'recipe'?", cli: ["open", "debug://recipee?id=1"]),
    Case("open_url with a number", "open_url", #"{"url":1}"#, "--url expects a string, got a number"),
    Case(
      "open with an unknown route", "open", #"{"route":"recipee","arguments":{"id":1}}"#,
      "unknown route 'recipee' — did you mean 'recipe'?", cli: ["url", "recipee", "--id", "1"]),
    Case(
      "open with a wrong argument of the route", "open", #"{"route":"recipe","arguments":{"id":"abc"}}"#,
      "--id expects an integer, got 'abc'", cli: ["recipe", "--id", "abc"]),
    Case(
      "open without a route", "open", #"{"arguments":{"id":1}}"#,
      "open needs 'route', a route's name, such as {\"route\":\"settings\"}"),
    Case(
      "open with a route that is no string", "open", #"{"route":7}"#,
      "--route expects a route's name, got a number"),
    Case(
      "open with arguments that are no object", "open", #"{"route":"recipe","arguments":[42]}"#,
      "--arguments expects an object, got an array"),
    Case(
      "open with an argument of its own it does not take", "open", #"{"route":"settings","id":1}"#,
      "unknown option '--id'; open takes route, arguments"),
    Case("routes takes nothing", "routes", #"{"all":true}"#, "unknown option '--all'; routes takes none"),
  ]

  @Test(arguments: wrongArguments)
  func aWrongArgumentIsAToolErrorWithTheCommandLinesMessage(_ testCase: Case) throws {
    let delivery = RecordingDelivery()
    var session = initializedSession(delivery: delivery)
    let reply = try respond(&session, call(testCase.tool, testCase.arguments))
    let result = try #require(reply["result"])
    #expect(result["isError"] == .bool(true))
    #expect(result["structuredContent"] == nil)
    let text = result["content"]?.arrayValue?.first?["text"]?.stringValue
    #expect(text == "deeplink: error: " + testCase.message)
    if let commandLine = testCase.commandLine {
      #expect(throws: UsageError.self) { try Invocation.parse(commandLine, table: .recipeSample) }
      do {
        _ = try Invocation.parse(commandLine, table: .recipeSample)
      } catch {
        #expect(error.message == testCase.message, "the command line says the same")
      }
    }
    #expect(delivery.links.isEmpty, "nothing was sent")
  }

  @Test func aGoodCallSendsTheLinkAndReturnsScreenAndState() throws {
    let delivery = RecordingDelivery()
    var session = initializedSession(delivery: delivery)
    let reply = try respond(&session, call("recipe-edit", #"{"id":42.0,"unsaved":true}"#))
    let result = try #require(reply["result"])
    #expect(result["isError"] == .bool(false))
    #expect(result["content"]?.serialized == #"[{"type":"text","text":"screen of recipe-edit\n"}]"#)
    #expect(result["structuredContent"]?["screen"] == .string("screen of recipe-edit\n"))
    #expect(
      delivery.links.map { RouteTable.recipeSample.url(for: $0) } == [
        "debug://recipe-edit?id=42&unsaved=true"
      ])
  }

  /// `open` sends what the route's own tool sends for the same arguments.
  @Test func openSendsWhatTheRoutesOwnToolSends() throws {
    let delivery = RecordingDelivery()
    var session = initializedSession(delivery: delivery)
    let own = try respond(&session, call("recipe-edit", #"{"id":42,"unsaved":true}"#, id: 1))
    let opened = try respond(
      &session, call("open", #"{"route":"recipe-edit","arguments":{"id":42,"unsaved":true}}"#, id: 2))
    #expect(opened["result"] == own["result"])
    #expect(delivery.links.count == 2 && delivery.links[0] == delivery.links[1])
    let bare = try respond(&session, call("open", #"{"route":"settings","arguments":null}"#, id: 3))
    #expect(bare["result"]?["isError"] == .bool(false))
  }

  /// `routes` lists every route a model can apply, with its link and an example of `open`;
  /// for a huge table, a bounded text that still names what it leaves out.
  @Test func routesListsTheTableBounded() throws {
    var session = initializedSession()
    let reply = try respond(&session, call("routes"))
    let text = try #require(reply["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue)
    for route in RouteTable.recipeSample.routes {
      #expect(text.contains("\n\(route.name): \(route.summary)."), "\(route.name)")
    }
    #expect(
      text.contains("  link: debug://recipe?id=<id>\n  id: integer from 1 to 999999, required. Recipe id\n"))
    #expect(text.contains(#"  open {"route":"recipe","arguments":{"id":1}} sends debug://recipe?id=1"#))
    #expect(text.contains(#"  sort: one of "name", "newest", "rating", default "name". Order of the list"#))

    let huge = TestTables.generated(routes: 5000)
    let bounded = McpRouteList.text(of: huge)
    #expect(bounded.utf8.count <= McpRouteList.maximumBytes + McpRouteList.maximumNamesBytes + 512)
    #expect(bounded.contains(" more routes, not described here"))
    #expect(bounded.hasSuffix(" more.\n"), "the names that do not fit are counted")
  }

  @Test func openURLSendsTheCanonicalLink() throws {
    let delivery = RecordingDelivery()
    var session = initializedSession(delivery: delivery)
    let reply = try respond(&session, call("open_url", #"{"url":"DEBUG://Recipe/?id=042"}"#))
    #expect(reply["result"]?["isError"] == .bool(false))
    #expect(delivery.links.map { RouteTable.recipeSample.url(for: $0) } == ["debug://recipe?id=42"])
  }

  @Test func aFailedDeliveryIsAToolErrorWithTheCommandLinesMessage() throws {
    let delivery = RecordingDelivery()
    delivery.failure = .rejected(.open, kind: "debug-links-disabled", message: "debug links are off")
    var session = initializedSession(delivery: delivery)
    for tool in ["settings", "state", "screen"] {
      let result = try #require(try respond(&session, call(tool))["result"])
      #expect(result["isError"] == .bool(true))
      let text = result["content"]?.arrayValue?.first?["text"]?.stringValue
      #expect(text?.hasPrefix("deeplink: error: the app rejected the ") == true)
      #expect(text == CommandContext.errorLine(delivery.failure!.message(for: .deeplink), tool: .deeplink))
    }
  }

  @Test func readingToolsReturnTextAndStructuredContent() throws {
    var session = initializedSession()
    let state = try #require(try respond(&session, call("state"))["result"])
    #expect(
      state["content"]?.arrayValue?.first?["text"] == .string("path:      root\noverrides: none\n\nroot\n"))
    #expect(state["structuredContent"]?["screen"] == .string("root\n"))
    let screen = try #require(try respond(&session, call("screen"))["result"])
    #expect(screen["structuredContent"]?.serialized == #"{"screen":"root\n"}"#)
  }

  @Test func anUnknownToolIsInvalidParams() throws {
    var session = initializedSession()
    let reply = try respond(&session, call("recipee"))
    #expect(reply["error"]?["code"] == .int(-32602))
    #expect(
      reply["error"]?["message"] == .string("invalid params: unknown tool 'recipee' — did you mean 'recipe'?")
    )
    let noName = try respond(&session, #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{}}"#)
    #expect(noName["error"]?["code"] == .int(-32602))
    let badArguments = try respond(&session, call("recipe", "[42]"))
    #expect(badArguments["error"]?["code"] == .int(-32602))
  }

  @Test func aLinkTooLongForTheAppIsRefusedBeforeSending() throws {
    let delivery = RecordingDelivery()
    var session = initializedSession(delivery: delivery)
    let message = String(repeating: "x", count: 70_000)
    let result = try #require(
      try respond(&session, call("login-error", #"{"message":"\#(message)"}"#))["result"])
    #expect(result["isError"] == .bool(true))
    #expect(
      result["content"]?.arrayValue?.first?["text"]?.stringValue?.hasPrefix(
        "deeplink: error: the link is too long")
        == true)
    #expect(delivery.links.isEmpty)
  }
}

/// A delivery that cannot acknowledge links (a device target, `--dry-run`).
struct McpUnacknowledgedTests {
  @Test func toolsReturnTheReportAndNoStateAndReadingToolsAreGone() throws {
    let delivery = RecordingDelivery()
    delivery.acknowledges = false
    var session = initializedSession(delivery: delivery)
    let list = try respond(&session, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
    let tools = list["result"]?["tools"]?.arrayValue ?? []
    #expect(
      tools.compactMap { $0["name"]?.stringValue } == RouteTable.recipeSample.routes.map(\.name) + [
        "routes", "open", "open_url",
      ])
    #expect(tools.allSatisfy { $0["outputSchema"] == nil })
    let result = try #require(try respond(&session, call("settings"))["result"])
    #expect(
      result.serialized == #"{"content":[{"type":"text","text":"delivered settings"}],"isError":false}"#)
  }
}
