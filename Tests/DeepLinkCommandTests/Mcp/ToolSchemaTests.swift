import DeepLinkRoutes
import DeepLinkWire
import TestSupport
import Testing

@testable import DeepLinkCommand

/// Tool definitions derived from the route table: one tool per route, schemas from the
/// parameters, nothing written twice.
struct ToolSchemaTests {
  static let goldenName = "mcp-tools.json"

  /// The tools on a simulator target whose app's agent answers: every route, `state`,
  /// `screen`, `open_url` and `launch`.
  @Test func theBuiltInToolsMatchTheirGoldenFile() {
    let delivery = RecordingDelivery()
    delivery.offersLaunch = true
    let toolbox = McpToolbox(table: .builtIn, delivery: delivery)
    // Beside the other golden files of the target, in its `Golden` folder.
    let testFile = #filePath.replacingOccurrences(of: "/Mcp/", with: "/")
    Golden.check(toolbox.listResult.pretty + "\n", named: Self.goldenName, testFile: testFile)
  }

  @Test func everyKindOfParameterHasItsSchema() {
    let alpha = TestTables.small.routes[0]
    #expect(
      ToolSchema.input(for: alpha).serialized
        == #"{"type":"object","properties":{"#
        + #""count":{"type":"integer","minimum":-5,"maximum":5,"description":"How many"},"#
        + #""note":{"type":"string","description":"A note","default":""},"#
        + #""loud":{"type":"boolean","description":"Say it loudly","default":false},"#
        + #""mode":{"type":"string","enum":["fast","slow"],"description":"How","default":"fast"}},"#
        + #""required":["count"],"additionalProperties":false}"#)
    let beta = TestTables.small.routes[1]
    #expect(ToolSchema.input(for: beta).serialized == #"{"type":"object","additionalProperties":false}"#)
  }

  @Test(arguments: [RouteTable.builtIn, TestTables.small, TestTables.extended])
  func oneToolPerRouteThenStateScreenAndOpenURL(_ table: RouteTable) {
    let tools = McpToolbox(table: table, delivery: RecordingDelivery()).listResult["tools"]?.arrayValue ?? []
    #expect(
      tools.compactMap { $0["name"]?.stringValue } == table.routes.map(\.name) + [
        "state", "screen", "open_url",
      ])
    for (route, tool) in zip(table.routes, tools) {
      #expect(tool["title"] == .string(route.summary))
      let description = tool["description"]?.stringValue ?? ""
      #expect(description.hasPrefix(route.summary + ". " + (route.help.isEmpty ? "" : route.help + " ")))
      #expect(description.contains("\(table.scheme)://\(route.name)"))
      let schema = tool["inputSchema"]
      #expect(schema?["properties"]?.objectValue?.map(\.key) ?? [] == route.parameters.map(\.name))
      #expect(
        schema?["required"]?.arrayValue ?? []
          == route.parameters.filter(\.isRequired).map { .string($0.name) })
      #expect(schema?["additionalProperties"] == .bool(false))
      #expect(tool["outputSchema"] == ToolSchema.state)
      #expect(tool["annotations"]?["readOnlyHint"] == .bool(false))
      #expect(tool["annotations"]?["idempotentHint"] == .bool(true))
    }
  }

  @Test func readingToolsAreReadOnly() {
    for tool in [McpTool.state, .screen] {
      #expect(tool.annotations["readOnlyHint"] == .bool(true))
      #expect(tool.annotations["idempotentHint"] == nil)
    }
    #expect(McpTool.openURL.annotations["readOnlyHint"] == .bool(false))
  }

  @Test func aRouteNamedLikeAToolIsAToolProblem() {
    for name in McpTool.fixedNames where !name.contains("_") {
      let table = RouteTable(routes: [Route(name, summary: "Clash")])
      #expect(
        DeepLinkTool(name: "deeplink", table: table).problems.contains(
          .reservedRouteName(name, tool: "deeplink")), "\(name)")
    }
  }
}
