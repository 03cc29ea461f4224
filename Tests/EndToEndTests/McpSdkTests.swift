import DeepLinkRoutes
import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// The official MCP Python SDK (`mcp` from PyPI, 2.x) drives the real `deeplink mcp` against
/// the real app, in both of its connection modes. The SDK lives in a virtual environment that
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
  ]

  @Test(arguments: ["auto", "legacy"])
  func aSessionInEachConnectionMode(mode: String) throws {
    try withApp { app in
      let report = try McpSDK.session(app: app, mode: mode, calls: Self.calls)
      #expect(report["protocolVersion"] == .string("2025-11-25"))
      #expect(report["handshake"] == .string("initialize"), "auto falls back from server/discover")
      #expect(report["serverInfo"]?["name"] == .string("deeplink"))
      #expect(report["ping"] == .string("ok"))
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

      #expect(try app.state() == calls[8]["structured"], "the app is where the last good call left it")
    }
  }

  @Test func everyRouteIsAToolWhoseSchemaIsTheTables() throws {
    try withApp { app in
      let report = try McpSDK.session(app: app, mode: "auto", calls: [])
      let tools = report["tools"]?.arrayValue ?? []
      #expect(
        tools.compactMap { $0["name"]?.stringValue }
          == RouteTable.builtIn.routes.map(\.name) + ["state", "screen", "open_url"])
      for route in RouteTable.builtIn.routes {
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
        #expect(tool["outputSchema"]?["required"]?.serialized == #"["path","overrides","screen"]"#)
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

/// Where the SDK is, and how to run a session with it.
enum McpSDK {
  /// `DEEPLINK_MCP_PYTHON`, else the interpreter of `.build/mcp-venv` (scripts/mcp-venv.sh),
  /// if it can import the SDK.
  static let python = TestTool.mcpPython()

  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("McpSDK/session.py").path

  /// Runs Tests/McpSDK/session.py against `app` and returns its report.
  static func session(app: RunningApp, mode: String, calls: [(tool: String, arguments: String)]) throws
    -> JSON
  {
    let list =
      "[" + calls.map { #"{"tool":"\#($0.tool)","arguments":\#($0.arguments)}"# }.joined(separator: ",") + "]"
    guard let python else { throw SessionFailed(reason: TestTool.skipComment(missing: [.named("mcp-sdk")])) }
    let result = try Command.run(
      python, [script, Command.product("deeplink"), app.socket, mode, list])
    guard result.status == 0 else { throw SessionFailed(reason: "the SDK session failed:\n\(result)") }
    return try JSON.parse(result.stdout)
  }

  struct SessionFailed: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
  }
}
