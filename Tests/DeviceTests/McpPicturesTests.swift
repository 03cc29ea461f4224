import DeepLinkWire
import Foundation
import Pictures
import TestSupport
import Testing

/// `deeplink mcp --pictures`: each route tool's result carries a picture of the screen, taken
/// after the acknowledgement, as MCP image content sized for a model.
@Suite(
  "deeplink mcp --pictures",
  .requires("python3"))
struct McpPicturesTests {
  static let input =
    [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
      #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"recipe","arguments":{"id":42}}}"#,
      #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"settings","arguments":{}}}"#,
    ].joined(separator: "\n") + "\n"

  /// The PNG of a tool result's image content, decoded by Foundation's base64.
  static func image(of result: JSON?) throws -> [UInt8] {
    let content = try #require(result?["content"]?.arrayValue)
    let image = try #require(content.first { $0["type"] == .string("image") })
    #expect(image["mimeType"] == .string("image/png"))
    return [UInt8](try #require(Data(base64Encoded: image["data"]?.stringValue ?? "")))
  }

  @Test func eachRouteToolsResultOnASimulatorCarriesThePictureAfterTheAcknowledgement() throws {
    var (world, udids) = try SimulatorAgentDeliveryTests.world()
    world.environment["STANDIN_RENDER"] = "1"
    // A screen taller than 1024 pixels: the picture must come scaled to 1024 pixels on its longer side.
    world.environment["STANDIN_SCREEN_SIZE"] = "600x1300"
    defer { world.remove() }
    try SimulatorAgentDeliveryTests.launch(SimulatorAgentDeliveryTests.recipes, on: udids[0], in: world)
    let options = ["--target", "simulator:" + udids[0], "--bundle-id", SimulatorAgentDeliveryTests.recipes]
    let result = try world.deeplink(["mcp", "--pictures"] + options, input: Self.input)
    #expect(result.status == 0, "\(result)")
    let replies = try result.stdout.split(separator: "\n").map { try JSON.parse(String($0)) }
    let recipe = replies[1]["result"]
    // No structuredContent: a client that shows only it when present would drop the picture.
    #expect(recipe?["structuredContent"] == nil)
    #expect(recipe?["content"]?.arrayValue?.first?["type"] == .string("text"))
    // What the model sees in Claude Code or Codex: the screen's text and its picture.
    for reply in replies[1...2] {
      let seen = StructuredFirstClient.view(of: reply["result"])
      #expect(seen.images.count == 1, "\(reply)")
      #expect(seen.texts.first?.hasPrefix("Home") == true, "\(seen.texts)")
    }
    #expect(
      StructuredFirstClient.view(of: recipe).texts.first?.hasPrefix("Home › Spaghetti Bolognese\n") == true)
    let pictures = try [recipe, replies[2]["result"]].map { try Self.image(of: $0) }
    for png in pictures {
      let picture = try PNGDecoder.decode(png)
      #expect(
        picture.height == 1024 && picture.width == 600 * 1024 / 1300, "\(picture.width) × \(picture.height)")
      #expect(png.count < 1_000_000)
    }
    #expect(pictures[0] != pictures[1], "each picture shows its own screen")
    // Two screenshots a tool call, the second matching the first (a still screen; a third
    // when the status bar's minute changed between them); that each was taken after its link
    // shows above, in each picture drawing its own link's screen (the stand-in draws the
    // screen shown then).
    let screenshots = world.invocations().filter { $0.count > 2 && $0[2] == "io" }.count
    #expect((4...5).contains(screenshots), "\(screenshots)")

    // Without --pictures, no image.
    let plain = try world.deeplink(["mcp"] + options, input: Self.input)
    let reply = try JSON.parse(String(plain.stdout.split(separator: "\n")[1]))
    #expect(reply["result"]?["content"]?.arrayValue?.count == 1, "\(plain)")
  }

  @Test func onAndroidThePictureFollowsTheDelivery() throws {
    var world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    world.environment["STANDIN_RENDER"] = "1"
    defer { world.remove() }
    let result = try world.deeplink(["mcp", "--pictures", "--target", "android"], input: Self.input)
    #expect(result.status == 0, "\(result)")
    let replies = try result.stdout.split(separator: "\n").map { try JSON.parse(String($0)) }
    let text = replies[1]["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
    #expect(
      text.hasPrefix("delivered debug://recipe?id=42 to Android device Pixel_7 emulator-5554"), "\(text)")
    #expect(try PNGDecoder.decode(try Self.image(of: replies[1]["result"])).width == 90)
  }

  /// A screenshot that is no picture (the stand-in's placeholder bytes) does not turn an
  /// applied link into an error: the screen and state come back, with a text saying why
  /// there is no picture.
  @Test func aFailedPictureLeavesTheAppliedLinksResult() throws {
    let (world, udids) = try SimulatorAgentDeliveryTests.world()
    defer { world.remove() }
    try SimulatorAgentDeliveryTests.launch(SimulatorAgentDeliveryTests.recipes, on: udids[0], in: world)
    let result = try world.deeplink(
      [
        "mcp", "--pictures", "--target", "simulator:" + udids[0], "--bundle-id",
        SimulatorAgentDeliveryTests.recipes,
      ],
      input: Self.input)
    #expect(result.status == 0, "\(result)")
    let recipe = try JSON.parse(String(result.stdout.split(separator: "\n")[1]))["result"]
    #expect(recipe?["isError"] == .bool(false), "\(result)")
    let texts = (recipe?["content"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
    #expect(texts.count == 2, "\(texts)")
    #expect(texts.first?.hasPrefix("Home › Spaghetti Bolognese\n") == true, "the screen: \(texts)")
    #expect(
      StructuredFirstClient.view(of: recipe).texts == texts, "every client sees the screen and the note")
    let note = texts.last ?? ""
    #expect(
      note.hasPrefix(
        "no picture of the screen, though the link was delivered: `xcrun simctl io \(udids[0]) screenshot "),
      "\(note)")
    #expect(note.contains("` gave no PNG image"), "\(note)")
  }

  @Test func picturesOnTheAppTargetIsAUsageError() throws {
    let result = try Command.deeplink("mcp", "--pictures", input: "")
    #expect(result.status == 64, "\(result)")
    #expect(
      result.stderr.contains("--pictures shows the screen of a simulator or an Android device"), "\(result)")
  }
}
