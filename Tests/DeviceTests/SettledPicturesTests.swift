import DeepLinkWire
import Foundation
import Pictures
import TestSupport
import Testing

/// Every picture (`tour`, `screen --png`, `mcp --pictures`) is taken once the screen stopped
/// changing: the stand-ins animate each new screen for `STANDIN_ANIMATION_FRAMES` pictures (a
/// push sliding in), or for ever (a spinner), and the real `deeplink` must keep only the final
/// frame, or mark the last picture of a screen that never settled.
@Suite(
  "Settled pictures", .requires("python3"))
struct SettledPicturesTests {
  static let recipes = SimulatorAgentDeliveryTests.recipes

  /// The stand-in's own picture of the screen the last Android link opened, still (no
  /// animation), drawn by render-screen itself: the final frame.
  static func finalAndroidFrame(in world: StandInDevices) throws -> [UInt8] {
    let drawn = world.directory.file("final.png")
    var environment = world.environment
    environment["STANDIN_ANIMATION_FRAMES"] = nil
    let render = try Command.run(
      StandInDevices.folder + "/render-screen", [drawn, "--am-record", world.directory.file("am-arguments")],
      environment: environment)
    try #require(render.status == 0, "\(render)")
    return try TourPicturesTests.bytes(drawn)
  }

  /// A number of seconds in `tour.json`, written as an integer or with a fraction.
  static func seconds(_ value: JSON?) -> Double? {
    switch value {
    case .int(let seconds)?: Double(seconds)
    case .double(let seconds)?: seconds
    default: nil
    }
  }

  static func screencaps(in world: StandInDevices) -> Int {
    world.invocations().filter { $0.contains("screencap") }.count
  }

  @Test func aTourOfAnAnimatingSimulatorRecordsOnlyTheFinalFrames() throws {
    var (world, udid) = try TourPicturesTests.simulator()
    defer { world.remove() }
    let target = ["--target", "simulator:" + udid, "--bundle-id", Self.recipes]
    let scenario = try TourPicturesTests.scenario(in: world)
    // The same tour of still screens: the final frames.
    let still = world.directory.file("still")
    #expect(try world.deeplink(target + ["tour", "--out", still, "--scenario", scenario]).status == 0)

    world.environment["STANDIN_ANIMATION_FRAMES"] = "3"
    let out = world.directory.file("tour")
    let screenshotsBefore = TourPicturesTests.simctl("io", in: world).count
    // A generous settle timeout: each stand-in screenshot draws a picture with python3, which a
    // loaded machine makes slow; the screen settles after its five screenshots however long.
    let result = try world.deeplink(
      target + ["tour", "--out", out, "--scenario", scenario, "--settle-timeout", "30"])
    #expect(result.status == 0, "\(result)")
    #expect(!result.stderr.contains("settle"), "\(result)")
    // Three frames of each new screen, then the final one twice.
    #expect(TourPicturesTests.simctl("io", in: world).count - screenshotsBefore == 2 * 5)
    let entries = try #require(try TourPicturesTests.manifest(out)["entries"]?.arrayValue)
    let stillEntries = try #require(try TourPicturesTests.manifest(still)["entries"]?.arrayValue)
    for (entry, stillEntry) in zip(entries, stillEntries) {
      #expect(entry["settled"] == .bool(true) && entry["screenshots"] == .int(5), "\(entry)")
      #expect((Self.seconds(entry["settleSeconds"]) ?? 0) > 0, "\(entry)")
      let picture = try TourPicturesTests.bytes(out + "/" + (entry["picture"]?.stringValue ?? "?"))
      let final = try TourPicturesTests.bytes(still + "/" + (stillEntry["picture"]?.stringValue ?? "?"))
      #expect(picture == final, "\(entry): not the final frame")
    }
    let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    #expect(page.contains("then once the screen stopped changing"))
    #expect(page.contains("settled after "))
    #expect(page.contains("5 screenshots"))

    // Without waiting for the screen to settle, the picture catches the animation.
    let hasty = world.directory.file("hasty")
    let check = try world.deeplink(
      target + ["tour", "--check", still, "--out", hasty, "--scenario", scenario, "--settle-timeout", "0"])
    #expect(check.status == 1, "\(check)")
    #expect(check.stderr.contains("settings: changed (picture)"), "\(check)")
    let hastyEntries = try #require(try TourPicturesTests.manifest(hasty)["entries"]?.arrayValue)
    #expect(
      hastyEntries.allSatisfy { $0["screenshots"] == .int(1) && $0["settled"] == nil }, "\(hastyEntries)")
  }

  @Test func aScreenThatNeverSettlesIsMarkedAndTheRecordingSucceeds() throws {
    var (world, udid) = try TourPicturesTests.simulator()
    defer { world.remove() }
    let target = ["--target", "simulator:" + udid, "--bundle-id", Self.recipes]
    let scenario = try TourPicturesTests.scenario(in: world)
    world.environment["STANDIN_ANIMATION_FRAMES"] = "forever"
    let out = world.directory.file("tour")
    let result = try world.deeplink(
      target + ["tour", "--out", out, "--scenario", scenario, "--settle-timeout", "0.3"])
    #expect(result.status == 0, "\(result)")
    let warnings = result.stderr.split(separator: "\n").filter { $0.contains("did not settle") }
    #expect(warnings.count == 2, "\(result)")
    #expect(
      warnings.first?.hasPrefix("deeplink: tour: settings: the screen did not settle within 0.3 s (") == true,
      "\(result)")
    #expect(
      warnings.first?.hasSuffix(
        "screenshots, no two in a row alike within --tolerance 0); its last picture is kept, marked "
          + "\"settled\": false in tour.json") == true, "\(result)")
    #expect(warnings.last?.hasPrefix("deeplink: tour: recipe: ") == true, "\(result)")
    let manifest = try TourPicturesTests.manifest(out)
    #expect(Self.seconds(manifest["settleTimeout"]) == 0.3)
    let entries = try #require(manifest["entries"]?.arrayValue)
    for entry in entries {
      #expect(entry["settled"] == .bool(false), "\(entry)")
      #expect((entry["screenshots"]?.intValue ?? 0) >= 2, "\(entry)")
      #expect((Self.seconds(entry["settleSeconds"]) ?? 0) >= 0.3, "\(entry)")
      #expect(
        try PNGDecoder.decode(try TourPicturesTests.bytes(out + "/" + (entry["picture"]?.stringValue ?? "?")))
          .width == 90)
    }
    let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    #expect(page.contains("2 did not settle and show the last screenshot, marked below"))
    #expect(page.components(separatedBy: "<p class=\"settle unsettled\">⚠ did not settle: ").count == 3)

    // A check compares the marked pictures as any other: the screen is still now, and each
    // spinner's frame differs from it.
    world.environment["STANDIN_ANIMATION_FRAMES"] = nil
    let check = try world.deeplink(
      target + ["tour", "--check", out, "--out", world.directory.file("check"), "--scenario", scenario])
    #expect(check.status == 1, "\(check)")
    #expect(check.stderr.contains("deeplink: tour: settings: changed (picture)"), "\(check)")
    #expect(!check.stderr.contains("did not settle"), "\(check)")
  }

  @Test func screenPNGOnAnAnimatingAndroidDeviceSavesTheFinalFrame() throws {
    var world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    world.environment["STANDIN_RENDER"] = "1"
    world.environment["STANDIN_ANIMATION_FRAMES"] = "3"
    defer { world.remove() }
    #expect(try world.deeplink("--target", "android", "recipe", "--id", "42").status == 0)
    let file = world.directory.file("shot.png")
    // A generous settle timeout, as for the tour above: the screen settles after its five
    // screenshots however slow a loaded machine makes each.
    let result = try world.deeplink("--target", "android", "screen", "--png", file, "--settle-timeout", "30")
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
    #expect(Self.screencaps(in: world) == 5)
    #expect(try TourPicturesTests.bytes(file) == Self.finalAndroidFrame(in: world))

    // Taken at once after the next link, it shows the animation's first frame.
    #expect(try world.deeplink("--target", "android", "settings").status == 0)
    let hasty = try world.deeplink("--target", "android", "screen", "--png", file, "--settle-timeout", "0")
    #expect(hasty.status == 0, "\(hasty)")
    #expect(Self.screencaps(in: world) == 6)
    #expect(try TourPicturesTests.bytes(file) != Self.finalAndroidFrame(in: world))
  }

  @Test func screenPNGOfAScreenThatNeverSettlesSavesTheLastAndSaysSo() throws {
    var world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    world.environment["STANDIN_RENDER"] = "1"
    world.environment["STANDIN_ANIMATION_FRAMES"] = "forever"
    defer { world.remove() }
    #expect(try world.deeplink("--target", "android", "settings").status == 0)
    let file = world.directory.file("shot.png")
    let result = try world.deeplink(
      "--target", "android", "screen", "--png", file, "--settle-timeout", "0.3", "--tolerance", "3")
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout.hasPrefix("saved a screenshot of Android device Pixel_7 emulator-5554 to "), "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "deeplink: warning: the screen of Android device Pixel_7 emulator-5554 did not settle within 0.3 s ("),
      "\(result)")
    #expect(
      result.stderr.hasSuffix(
        "screenshots, no two in a row alike within --tolerance 3); \(file) holds the last\n"),
      "\(result)")
    #expect(try PNGDecoder.decode(try TourPicturesTests.bytes(file)).width == 90)
    #expect(Self.screencaps(in: world) >= 2)
  }

  static let mcpInput =
    [
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
      #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"recipe","arguments":{"id":42}}}"#,
    ].joined(separator: "\n") + "\n"

  @Test func mcpPicturesShowTheFinalFrameOrSayTheScreenDidNotSettle() throws {
    var world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    world.environment["STANDIN_RENDER"] = "1"
    world.environment["STANDIN_ANIMATION_FRAMES"] = "2"
    defer { world.remove() }
    let result = try world.deeplink(
      ["mcp", "--pictures", "--target", "android", "--settle-timeout", "30"], input: Self.mcpInput)
    #expect(result.status == 0, "\(result)")
    let reply = try JSON.parse(String(result.stdout.split(separator: "\n")[1]))["result"]
    #expect(try McpPicturesTests.image(of: reply) == Self.finalAndroidFrame(in: world))
    #expect(reply?["content"]?.arrayValue?.count == 2, "\(result)")
    #expect(Self.screencaps(in: world) == 4)

    world.environment["STANDIN_ANIMATION_FRAMES"] = "forever"
    let spinning = try world.deeplink(
      ["mcp", "--pictures", "--target", "android", "--settle-timeout", "0.3"], input: Self.mcpInput)
    #expect(spinning.status == 0, "\(spinning)")
    let marked = try JSON.parse(String(spinning.stdout.split(separator: "\n")[1]))["result"]
    #expect(marked?["isError"] == .bool(false))
    let texts = (marked?["content"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
    #expect(texts.count == 2, "\(texts)")
    #expect(texts.last?.hasPrefix("the screen did not settle within 0.3 s (") == true, "\(texts)")
    #expect(texts.last?.hasSuffix(": the picture is the last, and may show it changing") == true, "\(texts)")
    #expect(try PNGDecoder.decode(try McpPicturesTests.image(of: marked)).width == 90)
  }
}

/// `--settle-timeout` and `--tolerance` refused before anything runs: 64 and what they take.
@Suite("Settle options")
struct SettleOptionTests {
  static let rule =
    "--settle-timeout expects decimal seconds from 0 to 60, such as 3 or 0.5 (0: one screenshot, not waiting "
    + "for the screen to settle)"

  @Test(arguments: [
    (["tour", "--out", "/nonexistent/t"], "-1"), (["tour", "--out", "/nonexistent/t"], "abc"),
    (["tour", "--out", "/nonexistent/t"], "1e9"), (["tour", "--out", "/nonexistent/t"], "61"),
    (["--target", "android", "screen", "--png", "/nonexistent/s.png"], "100000"),
    (["--target", "android", "screen", "--png", "/nonexistent/s.png"], ""),
    (["--target", "android", "mcp", "--pictures"], "inf"), (["--target", "android", "mcp"], " 3"),
  ])
  func aSettleTimeoutOutOfRangeIs64(_ command: [String], _ value: String) throws {
    let world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    defer { world.remove() }
    let result = try world.deeplink(command + ["--settle-timeout", value], input: "")
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.hasPrefix("deeplink: error: \(Self.rule), got '\(value)'\n"), "\(result)")
    #expect(world.invocations().isEmpty, "nothing ran")
  }

  @Test func settleOptionsWithoutAPictureAre64NamingWhatTheyNeed() throws {
    let screen = try Command.deeplink("screen", "--settle-timeout", "1")
    #expect(screen.status == 64, "\(screen)")
    #expect(
      screen.stderr.hasPrefix(
        "deeplink: error: screen needs --png <file> with --settle-timeout, which applies to a screenshot"),
      "\(screen)")
    let tolerance = try Command.deeplink("screen", "--tolerance", "256", "--png", "x.png")
    #expect(
      tolerance.status == 64
        && tolerance.stderr.contains("--tolerance expects an integer from 0 to 255, got '256'"))
    let app = try Command.deeplink("tour", "--out", "/nonexistent/tour", "--settle-timeout", "1")
    #expect(app.status == 64, "\(app)")
    #expect(
      app.stderr.contains(
        "--settle-timeout is how long each picture waits for the screen to settle, and the app target has no pixels"
      ),
      "\(app)")
    let mcp = try Command.deeplink(["mcp", "--settle-timeout", "1"], input: "")
    #expect(mcp.status == 64, "\(mcp)")
    #expect(
      mcp.stderr.contains("--settle-timeout is for pictures of a simulator or an Android device"), "\(mcp)")
  }
}
