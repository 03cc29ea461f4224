import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// `deeplink mcp --target simulator`: the tools deliver to the stand-in simulator as
/// `deeplink <route> --target simulator` does; with nothing to acknowledge, no state.
@Suite("deeplink mcp on a device target")
struct McpDeviceTargetTests {
  static let requests = [
    #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
    #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
    #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"recipe","arguments":{"id":"abc"}}}"#,
    #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"recipe","arguments":{"id":42}}}"#,
    #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"state"}}"#,
  ]

  @Test func toolsDeliverToTheSimulatorAndReturnWhereTheLinkWent() throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink(
      ["mcp", "--target", "simulator"], input: Self.requests.map { $0 + "\n" }.joined())
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    let replies = try result.stdout.split(separator: "\n").map { try JSON.parse(String($0)) }
    #expect(replies.map { $0["id"] } == [.int(0), .int(1), .int(2), .int(3), .int(4)])

    let tools = replies[1]["result"]?["tools"]?.arrayValue ?? []
    let names = tools.compactMap { $0["name"]?.stringValue }
    #expect(names.contains("recipe") && names.contains("open_url"))
    #expect(!names.contains("state") && !names.contains("screen"), "a simulator cannot report a state")
    #expect(tools.allSatisfy { $0["outputSchema"] == nil })
    let screenshot = try #require(tools.first { $0["name"] == .string("screenshot") })
    #expect(
      screenshot["inputSchema"]
        == (try JSON.parse(#"{"type":"object","properties":{},"additionalProperties":false}"#)))
    #expect(screenshot["annotations"]?["readOnlyHint"] == .bool(true))

    #expect(replies[2]["result"]?["isError"] == .bool(true))
    let delivered = try #require(replies[3]["result"])
    #expect(delivered["isError"] == .bool(false))
    #expect(delivered["structuredContent"] == nil)
    #expect(
      delivered["content"]?.arrayValue?.first?["text"]
        == .string(
          "delivered debug://recipe?id=42 to simulator iPhone 15 (iOS 17.2) 5B6D9A4C-1E2F-4A3B-9C8D-7E6F5A4B3C2D; "
            + "not acknowledged, so no screen follows: no app's deeplink agent answers on that simulator "
            + "(embed DeepLinkAgent in the app's debug build, giving it the app's bundle id, and start "
            + "the app)"))
    #expect(replies[4]["error"]?["code"] == .int(-32602))
    #expect(world.openedOnSimulator() == ["debug://recipe?id=42"], "the wrong call sent nothing")
  }

  @Test func aDryRunSendsNothingAndSaysWhatItWouldRun() throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink(
      ["mcp", "--target", "simulator:" + SimulatorDeliveryTests.iPhone15, "--dry-run"],
      input: Self.requests.prefix(1).joined() + "\n" + Self.requests[4] + "\n")
    #expect(result.status == 0, "\(result)")
    let reply = try JSON.parse(String(result.stdout.split(separator: "\n")[1]))
    #expect(
      reply["result"]?["content"]?.arrayValue?.first?["text"]
        == .string(
          "would run: xcrun simctl openurl \(SimulatorDeliveryTests.iPhone15) 'debug://recipe?id=42'"))
    #expect(world.invocations() == [])
  }

  static func screenshotCall(on target: String, world: StandInDevices) throws -> (
    result: JSON, temporary: [String]
  ) {
    let temporary = world.directory.file("tmp")
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    let result = try world.deeplink(
      ["mcp", "--target", target],
      input: Self.requests[0] + "\n"
        + #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"screenshot","arguments":{}}}"#
        + "\n",
      environment: ["TMPDIR": temporary])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    let reply = try JSON.parse(String(result.stdout.split(separator: "\n")[1]))
    return (try #require(reply["result"]), try FileManager.default.contentsOfDirectory(atPath: temporary))
  }

  @Test(.requires("python3"), arguments: ["simulator", "android"])
  func theScreenshotToolReturnsTheDevicesPNGAndLeavesNoFileBehind(_ kind: String) throws {
    var world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    world.environment["STANDIN_RENDER"] = "1"
    defer { world.remove() }
    let drawn = try WaitAndScreenshotTests.showSettings(on: kind, in: world)
    let (result, temporary) = try Self.screenshotCall(on: kind, world: world)
    #expect(result["isError"] == .bool(false), "\(result)")
    let content = try #require(result["content"]?.arrayValue?.first)
    #expect(content["type"] == .string("image"))
    #expect(content["mimeType"] == .string("image/png"))
    // Decoded by Foundation, not by the encoder under test.
    let data = try #require(Data(base64Encoded: content["data"]?.stringValue ?? ""))
    #expect(Array(data) == drawn, "the stand-in's own picture, byte for byte")
    #expect(temporary == [], "the private temporary folder is removed")
  }

  @Test func aFailedScreenshotIsAnErrorResultWithTheCommandLinesMessage() throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let target = "simulator:" + WaitAndScreenshotTests.iPadAir
    let (result, temporary) = try Self.screenshotCall(on: target, world: world)
    let cli = try world.deeplink("--target", target, "screen", "--png", world.directory.file("shot.png"))
    #expect(cli.status != 0 && cli.stderr.hasPrefix("deeplink: error: "), "\(cli)")
    #expect(result["isError"] == .bool(true))
    #expect(result["content"]?.arrayValue?.first?["text"] == .string(String(cli.stderr.dropLast())))
    #expect(temporary == [])
  }

  @Test func theAppTargetHasNoScreenshotTool() throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink(
      ["mcp", "--socket", world.directory.file("no-app.sock")],
      input: Self.requests.prefix(3).map { $0 + "\n" }.joined())
    #expect(result.status == 0, "\(result)")
    let tools =
      try JSON.parse(String(result.stdout.split(separator: "\n")[1]))["result"]?["tools"]?.arrayValue ?? []
    let names = tools.compactMap { $0["name"]?.stringValue }
    #expect(names.contains("screen") && !names.contains("screenshot"))
  }
}
