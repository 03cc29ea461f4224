import DeepLinkRoutes
import DeepLinkWire
import TestSupport
import Testing

@testable import DeepLinkCommand

/// Tool definitions derived from the route table: one tool per route, schemas from the
/// parameters, nothing written twice.
struct McpToolSchemaTests {
  static let goldenName = "mcp-tools.json"

  /// The tools on a simulator target whose app's agent answers: every route, `state`,
  /// `screen`, `open_url` and `launch`.
  @Test func theBuiltInToolsMatchTheirGoldenFile() {
    let delivery = RecordingDelivery()
    delivery.offersLaunch = true
    let toolbox = McpServedTools(table: .recipeSample, tool: .deeplink, delivery: delivery)
    // Beside the other golden files of the target, in its `Golden` folder.
    let testFile = #filePath.replacingOccurrences(of: "/Mcp/", with: "/")
    Golden.check(toolbox.listResult.pretty + "\n", named: Self.goldenName, testFile: testFile)
  }

  @Test func everyKindOfParameterHasItsSchema() {
    let alpha = TestTables.small.routes[0]
    #expect(
      McpToolSchema.input(for: alpha).serialized
        == #"{"type":"object","properties":{"#
        + #""count":{"type":"integer","minimum":-5,"maximum":5,"description":"How many"},"#
        + #""note":{"type":"string","description":"A note","default":""},"#
        + #""loud":{"type":"boolean","description":"Say it loudly","default":false},"#
        + #""mode":{"type":"string","enum":["fast","slow"],"description":"How","default":"fast"}},"#
        + #""required":["count"],"additionalProperties":false}"#)
    let beta = TestTables.small.routes[1]
    #expect(McpToolSchema.input(for: beta).serialized == #"{"type":"object","additionalProperties":false}"#)
  }

  @Test(arguments: [RouteTable.recipeSample, TestTables.small, TestTables.extended])
  func oneToolPerRouteThenRoutesOpenStateScreenAndOpenURL(_ table: RouteTable) {
    let tools =
      McpServedTools(table: table, tool: .deeplink, delivery: RecordingDelivery()).listResult["tools"]?
      .arrayValue
      ?? []
    #expect(
      tools.compactMap { $0["name"]?.stringValue } == table.routes.map(\.name) + [
        "routes", "open", "state", "screen", "open_url",
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
      #expect(tool["outputSchema"] == nil, "the state of whatever app answers has no schema declared once")
      #expect(tool["annotations"]?["readOnlyHint"] == .bool(false))
      #expect(tool["annotations"]?["idempotentHint"] == .bool(true))
    }
  }

  /// Only `screen`, whose result deeplink itself makes, declares what it returns: every other
  /// result is the answering app's state, or carries a picture.
  @Test func onlyScreenDeclaresAnOutputSchema() {
    let delivery = RecordingDelivery()
    delivery.offersLaunch = true
    delivery.takesScreenshots = true
    let tools =
      McpServedTools(table: .recipeSample, tool: .deeplink, delivery: delivery).listResult["tools"]?
      .arrayValue
      ?? []
    #expect(tools.count == RouteTable.recipeSample.routes.count + 7)
    #expect(tools.filter { $0["outputSchema"] != nil }.compactMap { $0["name"]?.stringValue } == ["screen"])
  }

  /// What a model reads in every conversation: the sample's list in at most 8,000 bytes.
  @Test func theSampleToolListCostsAtMost8000Bytes() {
    let bytes = McpServedTools(table: .recipeSample, tool: .deeplink, delivery: RecordingDelivery())
      .listResult
      .serialized.utf8.count
    #expect(bytes <= 8000, "\(bytes) bytes")
  }

  /// Above the per-route limit, `routes` and `open` reach every route, `open`'s `route` an enum
  /// of the names; 200 routes cost at most 32,000 bytes, and `--tools` chooses either way.
  @Test func aLargeTableGetsTheCompactToolList() throws {
    let table = TestTables.generated(routes: 200)
    let compact = McpServedTools(table: table, tool: .deeplink, delivery: RecordingDelivery())
    let names = compact.listResult["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
    #expect(names == ["routes", "open", "state", "screen", "open_url"])
    let bytes = compact.listResult.serialized.utf8.count
    #expect(bytes <= 32000, "\(bytes) bytes")
    let open = try #require(compact.listResult["tools"]?.arrayValue?.first { $0["name"] == .string("open") })
    #expect(
      open["inputSchema"]?["properties"]?["route"]?["enum"]?.arrayValue
        == table.routes.map { .string($0.name) })
    let perRoute = McpServedTools(
      table: table, tool: .deeplink, delivery: RecordingDelivery(), set: .perRoute)
    #expect(perRoute.tools.count == 205)
    let small = McpServedTools(
      table: .recipeSample, tool: .deeplink, delivery: RecordingDelivery(), set: .compact)
    #expect(small.tools.map(\.name) == ["routes", "open", "state", "screen", "open_url"])
    #expect(McpToolSet.automatic(routes: McpToolSet.perRouteLimit) == .perRoute)
    #expect(McpToolSet.automatic(routes: McpToolSet.perRouteLimit + 1) == .compact)
  }

  /// Without a compact list, `open` takes any name: a client holding an old list can still
  /// name a route the app added since.
  @Test func aPerRouteListLeavesOpensRouteOpen() throws {
    let toolbox = McpServedTools(table: .recipeSample, tool: .deeplink, delivery: RecordingDelivery())
    let open = try #require(toolbox.listResult["tools"]?.arrayValue?.first { $0["name"] == .string("open") })
    #expect(open["inputSchema"]?["properties"]?["route"]?["enum"] == nil)
    #expect(open["inputSchema"]?["required"] == .array([.string("route")]))
  }

  @Test func readingToolsAreReadOnly() {
    for tool in [McpTool.state, .screen, .routes] {
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
