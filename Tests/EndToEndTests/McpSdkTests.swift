import DeepLinkRoutes
import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// The official MCP Python SDK (`mcp` from PyPI, 2.x) drives the real `deeplink mcp` against
/// the real app, in each of its connection modes: revision 2026-07-28 pinned, `auto` (which
/// probes `server/discover` and must end on 2026-07-28) and `legacy` (the handshake). The SDK lives in a virtual environment that
/// `.ci/run` makes with `scripts/mcp-venv.sh` (a test tool, not a dependency of deeplink);
/// without it these tests are skipped, never passed (and fail under `DEEPLINK_REQUIRE_ALL=1`).
@Suite(
  "deeplink mcp driven by the official MCP Python SDK",
  .requires("mcp-sdk"))
struct McpSdkTests {
  /// A scenario: good calls, wrong ones, reading, a raw URL, an unknown tool.
  static let calls: [(tool: String, arguments: String)] = [
    ("recipe-edit", #"{"id":42,"unsaved":true}"#),
    ("recipe", #"{"id":"abc"}"#),
    ("recipe", "{}"),
    ("recipes", #"{"sort":"best"}"#),
    ("recipe", #"{"id":7,"extra":1}"#),
    ("login-error", #"{"message":"Locked out"}"#),
    ("state", "{}"),
    ("screen", "{}"),
    ("open_url", #"{"url":"debug://recipes?sort=newest"}"#),
    ("open_url", #"{"url":"debug://recipee"}"#),
    ("no-such-tool", "{}"),
    ("open", #"{"route":"recipe","arguments":{"id":7}}"#),
    ("open", #"{"route":"recipee","arguments":{"id":7}}"#),
    ("open", #"{"route":"recipe","arguments":{"id":"seven"}}"#),
    ("routes", "{}"),
  ]

  /// Each mode: the revision it ends on, and how the connection began.
  static let modes: [(mode: String, revision: String, began: String)] = [
    ("2026-07-28", "2026-07-28", "none"),
    ("auto", "2026-07-28", "discover"),
    ("legacy", "2025-11-25", "initialize"),
  ]

  @Test(arguments: modes)
  func aSessionInEachConnectionMode(mode: String, revision: String, began: String) throws {
    try withApp { app in
      let report = try McpSDK.session(app: app, mode: mode, calls: Self.calls)
      #expect(report["protocolVersion"] == .string(revision))
      #expect(report["handshake"] == .string(began))
      if mode != "2026-07-28" { #expect(report["serverInfo"]?["name"] == .string("deeplink")) }
      if began == "initialize" {
        #expect(report["ping"] == .string("ok"))
      } else {
        #expect(
          report["listen"] == .object([("toolsListChanged", .bool(true))]), "the stream is acknowledged")
      }
      #expect(report["schemaErrors"] == .emptyObject, "every schema is valid JSON Schema 2020-12")

      let calls = report["calls"]?.arrayValue ?? []
      try #require(calls.count == Self.calls.count)
      func text(_ index: Int) -> String? { calls[index]["text"]?.arrayValue?.first?.stringValue }

      // Good calls: screen as text, state as structured content, both what the app shows.
      let edited = try #require(calls[0]["structured"])
      #expect(calls[0]["isError"] == .bool(false))
      #expect(
        edited["path"]?.serialized
          == #"[{"destination":"recipe","id":42},{"destination":"recipe-edit","id":42,"unsaved":true}]"#)
      #expect(text(0) == edited["screen"]?.stringValue)

      // Wrong calls: isError, the command line's message, nothing sent.
      #expect(calls[1]["isError"] == .bool(true))
      #expect(text(1) == "deeplink: error: --id expects an integer, got 'abc'")
      #expect(calls[1]["argumentsMatchSchema"] == .bool(false), "the schema says so too")
      #expect(text(2) == "deeplink: error: recipe requires --id")
      #expect(text(3) == "deeplink: error: --sort expects one of name, newest, rating, got 'best'")
      #expect(text(4) == "deeplink: error: unknown option '--extra'; recipe takes --id")
      #expect(calls[4]["argumentsMatchSchema"] == .bool(false))
      for index in 1...4 { #expect(calls[index]["structured"] == .null, "\(Self.calls[index])") }

      let login = try #require(calls[5]["structured"])
      #expect(login["overrides"]?.serialized == #"{"loginError":"Locked out"}"#)
      #expect(calls[5]["argumentsMatchSchema"] == .bool(true))
      #expect(calls[6]["structured"] == login, "state reads what the last link applied")
      #expect(calls[7]["structured"]?["screen"] == login["screen"])

      #expect(calls[8]["structured"]?["path"]?.serialized == #"[{"destination":"recipes","sort":"newest"}]"#)
      #expect(text(9) == "deeplink: error: unknown route 'recipee' — did you mean 'recipe'?")
      #expect(calls[10]["error"]?["code"] == .int(-32602))

      // `open` takes any route by name, checked as its own tool checks it.
      #expect(calls[11]["isError"] == .bool(false))
      #expect(calls[11]["structured"]?["path"]?.serialized == #"[{"destination":"recipe","id":7}]"#)
      #expect(text(12) == "deeplink: error: unknown route 'recipee' — did you mean 'recipe'?")
      #expect(text(13) == "deeplink: error: --id expects an integer, got 'seven'")
      #expect(text(14)?.contains("\nrecipe-edit: ") == true, "\(calls[14])")
      #expect(calls[14]["structured"] == .null)

      #expect(try app.state() == calls[11]["structured"], "the app is where the last good call left it")
    }
  }

  @Test func everyRouteIsAToolWhoseSchemaIsTheTables() throws {
    try withApp { app in
      let report = try McpSDK.session(app: app, mode: "auto", calls: [])
      let tools = report["tools"]?.arrayValue ?? []
      #expect(
        tools.compactMap { $0["name"]?.stringValue }
          == RouteTable.recipeSample.routes.map(\.name) + ["routes", "open", "state", "screen", "open_url"])
      for route in RouteTable.recipeSample.routes {
        let tool = try #require(tools.first { $0["name"] == .string(route.name) })
        #expect(tool["title"] == .string(route.summary))
        let schema = try #require(tool["inputSchema"])
        #expect(schema["type"] == .string("object"))
        #expect(schema["additionalProperties"] == .bool(false))
        let required = route.parameters.filter { $0.defaultValue == nil }.map(\.name)
        #expect((schema["required"]?.arrayValue ?? []) == required.map { JSON.string($0) }, "\(route.name)")
        let properties = schema["properties"]?.objectValue ?? []
        #expect(properties.map(\.key) == route.parameters.map(\.name), "\(route.name)")
        for parameter in route.parameters {
          let property = try #require(schema["properties"]?[parameter.name])
          #expect(property == Self.expectedSchema(of: parameter), "\(route.name).\(parameter.name)")
        }
        #expect(tool["outputSchema"] == nil, "the answering app's state has no schema declared once")
        #expect(tool["annotations"]?["readOnlyHint"] == .bool(false))
        #expect(tool["annotations"]?["idempotentHint"] == .bool(true))
      }
      for name in ["state", "screen"] {
        let tool = try #require(tools.first { $0["name"] == .string(name) })
        #expect(tool["annotations"]?["readOnlyHint"] == .bool(true))
      }
    }
  }

  /// A parameter's schema, written out here from the table's declaration.
  static func expectedSchema(of parameter: Parameter) -> JSON {
    var members: [(String, JSON)]
    switch parameter.type {
    case .integer(let range):
      members = [("type", .string("integer"))]
      if let range { members += [("minimum", .int(range.lowerBound)), ("maximum", .int(range.upperBound))] }
    case .string: members = [("type", .string("string"))]
    case .boolean: members = [("type", .string("boolean"))]
    case .choice(let choices):
      members = [("type", .string("string")), ("enum", .array(choices.map(JSON.string)))]
    }
    members.append(("description", .string(parameter.help)))
    switch parameter.defaultValue {
    case .integer(let number)?: members.append(("default", .int(number)))
    case .string(let text)?: members.append(("default", .string(text)))
    case .boolean(let flag)?: members.append(("default", .bool(flag)))
    case nil: break
    }
    return .object(members)
  }
}
