import DeepLinkWire
import Foundation
import Pictures
import TestSupport
import Testing

/// `deeplink tour` on a simulator and on Android: a picture of each screen after its
/// acknowledgement (or after `--settle`), the status bar set for them and cleared after,
/// and `--check` comparing pictures by their pixels. The stand-ins draw each screen
/// (`STANDIN_RENDER`, StandIns/render-screen), so different screens give different pictures.
@Suite(
  "Tour pictures", .requires("python3"))
struct TourPicturesTests {
  static let recipes = SimulatorAgentDeliveryTests.recipes

  /// A world with one booted simulator, its screenshots drawn, and the sample app launched on
  /// it unless `launched` is false.
  static func simulator(launched: Bool = true) throws -> (world: StandInDevices, udid: String) {
    var (world, udids) = try SimulatorAgentDeliveryTests.world()
    world.environment["STANDIN_RENDER"] = "1"
    if launched { try SimulatorAgentDeliveryTests.launch(recipes, on: udids[0], in: world) }
    return (world, udids[0])
  }

  static func manifest(_ directory: String) throws -> JSON {
    try JSON.parse(String(contentsOfFile: directory + "/tour.json", encoding: .utf8))
  }

  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// The stand-in invocations of `simctl` subcommand `name`, in order.
  static func simctl(_ name: String, in world: StandInDevices) -> [[String]] {
    world.invocations().filter { $0.count > 2 && $0[0] == "xcrun" && $0[2] == name }
  }

  @Test func aSimulatorTourTakesAPictureOfEveryScreenAfterItsAcknowledgement() throws {
    let (world, udid) = try Self.simulator()
    defer { world.remove() }
    let out = world.directory.file("tour")
    let result = try world.deeplink(
      "--target", "simulator:" + udid, "--bundle-id", Self.recipes, "tour", "--out", out)
    #expect(result.status == 0, "\(result)")
    let manifest = try Self.manifest(out)
    #expect(manifest["device"]?.stringValue == "simulator \(udid)")
    #expect(manifest["settle"] == nil)
    let entries = try #require(manifest["entries"]?.arrayValue)
    #expect(entries.count == 12)
    var pictures: Set<[UInt8]> = []
    for entry in entries {
      let name = try #require(entry["picture"]?.stringValue)
      #expect(name.hasSuffix(".png") && entry["screen"] != nil && entry["state"] != nil)
      let png = try Self.bytes(out + "/" + name)
      let picture = try PNGDecoder.decode(png)
      #expect(picture.width == 90 && picture.height == 160)
      pictures.insert(png)
    }
    // The sample's screens differ, and so do their pictures.
    #expect(pictures.count >= 10, "\(pictures.count) different pictures")
    // Status bar: set once before the first picture, cleared once after the last.
    let statusBar = Self.simctl("status_bar", in: world)
    #expect(
      statusBar.first.map { Array($0.prefix(7)) } == [
        "xcrun", "simctl", "status_bar", udid, "override", "--time", "9:41",
      ])
    #expect(
      statusBar.count == 2 && statusBar.last == ["xcrun", "simctl", "status_bar", udid, "clear"],
      "\(statusBar)")
    let order = world.invocations().compactMap { $0.count > 2 ? $0[2] : nil }.filter {
      ["status_bar", "io"].contains($0)
    }
    // Each screen is still at once (the stand-in does not animate here): two screenshots
    // each, the second matching the first.
    #expect(
      order.first == "status_bar" && order.last == "status_bar" && order.count == 2 + 12 * 2, "\(order)")
    #expect(SettledPicturesTests.seconds(manifest["settleTimeout"]) == 3)
    #expect(
      entries.allSatisfy {
        $0["settled"] == .bool(true) && $0["screenshots"] == .int(2)
          && SettledPicturesTests.seconds($0["settleSeconds"]) == 0
      }, "\(entries)")
    #expect(world.statusBarTime(udid: udid) == nil, "cleared")
    // The page holds every picture, embedded.
    let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    #expect(page.components(separatedBy: "src=\"data:image/png;base64,").count == 13)
    #expect(page.contains("img-src data:"))
    #expect(page.contains("each taken once the app acknowledged its link"))

    // The same app checked again: the same pictures, pixel for pixel.
    let check = try world.deeplink(
      "--target", "simulator:" + udid, "--bundle-id", Self.recipes, "tour", "--check", out, "--out",
      world.directory.file("check"))
    #expect(check.status == 0, "\(check)")
  }

  @Test func withoutTheStatusBarSetThePicturesDifferAndTheCheckSaysWhereWithADiffImage() throws {
    let (world, udid) = try Self.simulator()
    defer { world.remove() }
    let target = ["--target", "simulator:" + udid, "--bundle-id", Self.recipes]
    let out = world.directory.file("tour")
    #expect(try world.deeplink(target + ["tour", "--out", out]).status == 0)
    let check = world.directory.file("check")
    let result = try world.deeplink(target + ["tour", "--check", out, "--out", check, "--keep-status-bar"])
    #expect(result.status == 1, "\(result)")
    #expect(Self.simctl("status_bar", in: world).count == 2, "--keep-status-bar leaves it alone")
    #expect(result.stderr.contains("deeplink: tour: settings: changed (picture)\n"), "\(result)")
    #expect(result.stderr.contains("pixels differ (largest channel difference"), "\(result)")
    #expect(result.stderr.contains("the pixels that differ: \(check)/01-settings.diff.png"), "\(result)")
    #expect(result.stderr.contains("12 of 12 entries differ"), "\(result)")
    let difference = try PNGDecoder.decode(try Self.bytes(check + "/01-settings.diff.png"))
    let red = PictureComparison.mark.map { UInt16($0) * 257 }
    var marked = 0
    for y in 0..<difference.height {
      for x in 0..<difference.width where difference.pixel(x: x, y: y) == red { marked += 1 }
    }
    // Only the status bar's line (the clock) differs.
    #expect(marked > 0 && marked < 90 * 10, "\(marked) pixels marked")
    #expect(
      try Self.manifest(check)["entries"]?.arrayValue?.first?["difference"]?.stringValue
        == "01-settings.diff.png")
    let page = try String(contentsOfFile: check + "/index.html", encoding: .utf8)
    #expect(page.contains("differing pixels in red"))
    // The page shows the differences first: recorded, current and the diff image of the first.
    let firstDifference = try #require(page.range(of: "<section class=\"differences\">"))
    let screens = try #require(page.range(of: "<h2>Screens</h2>"))
    #expect(firstDifference.lowerBound < screens.lowerBound)
    #expect(page.components(separatedBy: "src=\"data:image/png;base64,").count == 1 + 12 * 3 + 12)

    // Any channel may differ by up to 255: every picture matches.
    let tolerant = try world.deeplink(
      target + [
        "tour", "--check", out, "--out", world.directory.file("tolerant"), "--keep-status-bar", "--tolerance",
        "255",
      ])
    #expect(tolerant.status == 0, "\(tolerant)")
  }

  @Test func reencodedIdenticalPicturesMatchAndOneChangedPixelDoesNot() throws {
    let (world, udid) = try Self.simulator()
    defer { world.remove() }
    let target = ["--target", "simulator:" + udid, "--bundle-id", Self.recipes]
    let out = world.directory.file("tour")
    #expect(try world.deeplink(target + ["tour", "--out", out]).status == 0)
    // Python writes settings' picture again as RGBA with Paeth filters in three IDAT chunks:
    // other bytes, the same pixels.
    let path = out + "/01-settings.png"
    let recorded = try Self.bytes(path)
    let before = try PNGDecoder.decode(recorded)
    var rgba: [UInt8] = []
    for sample in before.samples { rgba.append(UInt8(sample / 257)) }
    try Self.pythonPNG(rgba, width: before.width, height: before.height, to: path)
    #expect(try Self.bytes(path) != recorded)
    let same = try world.deeplink(target + ["tour", "--check", out, "--out", world.directory.file("same")])
    #expect(same.status == 0, "\(same)")

    rgba[(7 * before.width + 11) * 4 + 1] ^= 0x80
    try Self.pythonPNG(rgba, width: before.width, height: before.height, to: path)
    let changed = try world.deeplink(
      target + ["tour", "--check", out, "--out", world.directory.file("changed")])
    #expect(changed.status == 1, "\(changed)")
    #expect(
      changed.stderr.contains(
        "deeplink: tour: settings: changed (picture)\n  picture: 1 of 14400 pixels differ (largest channel "
          + "difference 128, tolerance 0)"), "\(changed)")
    #expect(changed.stderr.contains("1 of 12 entries differ"), "\(changed)")
    let withTolerance = try world.deeplink(
      target + ["tour", "--check", out, "--out", world.directory.file("tolerance"), "--tolerance", "128"])
    #expect(withTolerance.status == 0, "\(withTolerance)")
  }

  /// `rgba` (8-bit RGBA) written by Python's zlib and struct: Paeth on every row, level 9,
  /// three IDAT chunks.
  static func pythonPNG(_ rgba: [UInt8], width: Int, height: Int, to path: String) throws {
    let script = """
      import struct, sys, zlib
      w, h, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
      data = bytes.fromhex(sys.stdin.read())
      def paeth(a, b, c):
          p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
          return a if pa <= pb and pa <= pc else (b if pb <= pc else c)
      raw, prev = bytearray(), bytes(w * 4)
      for y in range(h):
          line = data[y * w * 4:(y + 1) * w * 4]
          raw.append(4)
          for i, v in enumerate(line):
              left = line[i - 4] if i >= 4 else 0
              upleft = prev[i - 4] if i >= 4 else 0
              raw.append((v - paeth(left, prev[i], upleft)) % 256)
          prev = line
      def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
      z = zlib.compress(bytes(raw), 9); third = len(z) // 3 + 1
      png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0))
      for i in range(0, len(z), third): png += chunk(b'IDAT', z[i:i + third])
      open(path, 'wb').write(png + chunk(b'IEND', b''))
      """
    let hex = rgba.map { String(format: "%02x", $0) }.joined()
    let result = try Command.run(
      try ExternalTool.require("python3"), ["-c", script, String(width), String(height), path], input: hex)
    try #require(result.status == 0, "\(result)")
  }

  @Test(arguments: [
    (
      "not a PNG", Array("GIF89a, a picture of another kind".utf8),
      "not a PNG (its first 8 bytes are not the PNG signature)"
    ),
    (
      "a lying size",
      PNGDecoder.signature + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 1, 0, 0, 0, 1, 0, 0, 8, 6, 0, 0, 0],
      "the PNG's header claims 65536 × 65536 pixels, more than the 16777216 a picture may have"
    ),
  ])
  func aHostilePictureInTheRecordingIs66AndNothingIsSent(_ name: String, _ bytes: [UInt8], _ message: String)
    throws
  {
    let (world, udid) = try Self.simulator()
    defer { world.remove() }
    let target = ["--target", "simulator:" + udid, "--bundle-id", Self.recipes]
    let out = world.directory.file("tour")
    #expect(try world.deeplink(target + ["tour", "--out", out]).status == 0)
    var file = bytes
    if name == "a lying size" {
      // The header's CRC made right: only the size lies.
      file += PNGTestCRC.bigEndianCRC(Array(file[12...]))
    }
    try Data(file).write(to: URL(fileURLWithPath: out + "/04-recipe.png"))
    let before = world.invocations().count
    let result = try world.deeplink(
      target + ["tour", "--check", out, "--out", world.directory.file("check")])
    #expect(result.status == 66, "\(result)")
    #expect(result.stderr.hasPrefix("deeplink: error: \(out)/04-recipe.png: \(message)\n"), "\(result)")
    #expect(world.invocations().count == before, "nothing was sent, no picture taken")
  }

  @Test func aSimulatorWithoutAnAgentIsRefusedUnlessSettleIsGiven() throws {
    let (world, udid) = try Self.simulator(launched: false)
    defer { world.remove() }
    let refused = try world.deeplink(
      "--target", "simulator:" + udid, "tour", "--out", world.directory.file("no"))
    #expect(refused.status == 69, "\(refused)")
    #expect(
      refused.stderr.contains("no app's deeplink agent answers on --target simulator:\(udid)"), "\(refused)")
    #expect(refused.stderr.contains("give --settle SECONDS"), "\(refused)")
    #expect(world.openedOnSimulator() == [])

    let out = world.directory.file("tour")
    let settled = try world.deeplink(
      "--target", "simulator:" + udid, "tour", "--out", out, "--settle", "0.05",
      "--scenario", try Self.scenario(in: world))
    #expect(settled.status == 0, "\(settled)")
    #expect(world.openedOnSimulator() == ["debug://settings", "debug://recipe?id=42"])
    let manifest = try Self.manifest(out)
    #expect(manifest["settle"] == .double(0.05))
    let entries = try #require(manifest["entries"]?.arrayValue)
    #expect(entries.allSatisfy { $0["picture"] != nil && $0["screen"] == nil && $0["state"] == nil })
    let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    #expect(page.contains("each taken 0.05 s after its link was delivered (--settle)"))
    #expect(page.contains("every screen, its link delivered with no acknowledgement"))
  }

  static func scenario(in world: StandInDevices) throws -> String {
    let file = world.directory.file("scenario.txt")
    try "settings\nrecipe --id 42\n".write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test func androidIsRefusedUnlessSettleIsGivenThenPicturesComeFromScreencap() throws {
    var world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    world.environment["STANDIN_RENDER"] = "1"
    defer { world.remove() }
    let refused = try world.deeplink("--target", "android", "tour", "--out", world.directory.file("no"))
    #expect(refused.status == 64, "\(refused)")
    #expect(
      refused.stderr.contains("cannot acknowledge (there is no deeplink agent for Android apps"), "\(refused)"
    )
    #expect(world.receivedByAm() == nil, "nothing was sent")
    let planned = try world.deeplink(
      "--target", "android", "tour", "--out", world.directory.file("no"), "--dry-run")
    #expect(planned.status == 64 && planned.stdout.isEmpty, "\(planned)")
    #expect(
      try world.deeplink(
        "--target", "android", "tour", "--out", world.directory.file("no"), "--keep-status-bar"
      )
      .status == 64)

    let out = world.directory.file("tour")
    let result = try world.deeplink(
      "--target", "android", "tour", "--out", out, "--settle", "0.1", "--scenario",
      try Self.scenario(in: world))
    #expect(result.status == 0, "\(result)")
    let screencaps = world.invocations().filter { $0.contains("screencap") }
    #expect(
      screencaps
        == Array(repeating: ["adb", "-s", "emulator-5554", "exec-out", "screencap", "-p"], count: 2 * 2))
    let manifest = try Self.manifest(out)
    #expect(manifest["settle"] == .double(0.1))
    #expect(manifest["device"]?.stringValue == "Android device Pixel_7 emulator-5554")
    let entries = try #require(manifest["entries"]?.arrayValue)
    let pictures = try entries.map { try Self.bytes(out + "/" + ($0["picture"]?.stringValue ?? "?")) }
    #expect(pictures.count == 2 && pictures[0] != pictures[1])
    #expect(try pictures.allSatisfy { try PNGDecoder.decode($0).width == 90 })

    let check = try world.deeplink(
      "--target", "android", "tour", "--check", out, "--out", world.directory.file("check"), "--settle",
      "0.1",
      "--scenario", try Self.scenario(in: world))
    #expect(check.status == 0, "\(check)")
  }

  @Test func settleOnTheAppTargetIsAUsageError() throws {
    let result = try Command.deeplink("tour", "--out", "/nonexistent/tour", "--settle", "1")
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.contains("--settle waits before each picture, and the app target has no pixels"))
    let tolerance = try Command.deeplink("tour", "--out", "/nonexistent/tour", "--tolerance", "3")
    #expect(
      tolerance.status == 64
        && tolerance.stderr.contains(
          "--tolerance compares pictures (in a check, and two screenshots in a row), and the app target records none"
        ),
      "\(tolerance)")
    let big = try Command.deeplink("tour", "--check", "/nonexistent/tour", "--tolerance", "256")
    #expect(
      big.status == 64 && big.stderr.contains("--tolerance expects an integer from 0 to 255, got '256'"))
  }

  /// SIGTERM during a tour (here while it settles after the first link) clears the status bar,
  /// then ends deeplink as the signal does, writing no recording.
  @Test func anInterruptedTourClearsTheStatusBar() throws {
    let (world, udid) = try Self.simulator()
    defer { world.remove() }
    let out = world.directory.file("tour")
    // The stand-in keeps the status bar's override in this file while it is set.
    let statusBarFile = world.directory.file("running/\(udid).status_bar")
    let script = """
      "$0" --target "simulator:$1" --bundle-id "$2" tour --out "$3" --settle 60 &
      pid=$!
      tries=0
      until [ -f "$4" ]; do
        tries=$((tries + 1)); [ $tries -gt 1200 ] && { kill -9 $pid; exit 99; }
        sleep 0.05
      done
      kill -TERM $pid
      wait $pid
      echo "status $?"
      """
    let result = try Command.run(
      "/bin/sh", ["-c", script, Command.product("deeplink"), udid, Self.recipes, out, statusBarFile],
      environment: world.environment)
    #expect(result.stdout == "status 143\n", "\(result)")
    let statusBar = Self.simctl("status_bar", in: world)
    #expect(statusBar.count == 2 && statusBar.last?.last == "clear", "\(statusBar)")
    #expect(world.statusBarTime(udid: udid) == nil)
    #expect(!FileManager.default.fileExists(atPath: out + "/tour.json"))
  }

  /// SIGTERM while a screenshot hangs (a simulator that stopped answering) stops the hung
  /// `simctl` at once instead of waiting for --timeout, clears the status bar, then ends
  /// deeplink as the signal does.
  @Test func anInterruptDuringAHungScreenshotEndsTheTourAtOnce() throws {
    var (world, udid) = try Self.simulator()
    defer { world.remove() }
    world.environment["STANDIN_IO_DELAY"] = "120"
    let out = world.directory.file("tour")
    let log = try #require(world.environment["STANDIN_LOG"])
    let script = """
      "$0" --target "simulator:$1" --bundle-id "$2" tour --out "$3" --timeout 60 &
      pid=$!
      tries=0
      until grep -q screenshot "$4" 2>/dev/null; do
        tries=$((tries + 1)); [ $tries -gt 1200 ] && { kill -9 $pid; exit 99; }
        sleep 0.05
      done
      sleep 0.2
      start=$(date +%s)
      kill -TERM $pid
      wait $pid
      echo "status $? after $(($(date +%s) - start)) s"
      """
    let result = try Command.run(
      "/bin/sh", ["-c", script, Command.product("deeplink"), udid, Self.recipes, out, log],
      environment: world.environment)
    let words = result.stdout.split(separator: " ")
    #expect(words.count == 5 && words[1] == "143", "\(result)")
    #expect(
      (Int(words.count == 5 ? words[3] : "") ?? 99) < 10, "the tour waited for the hung screenshot: \(result)"
    )
    let statusBar = Self.simctl("status_bar", in: world)
    #expect(statusBar.count == 2 && statusBar.last?.last == "clear", "\(statusBar)")
    #expect(world.statusBarTime(udid: udid) == nil)
  }
}

extension TourPicturesTests {
  /// A tour whose stdout's reader has gone (`tour --json | head -1`) clears the status bar
  /// before it ends as a filter does, killed by SIGPIPE. The reader here is gone before the
  /// first line, so the first write fails whatever the timing.
  @Test func aTourWhoseReaderLeftClearsTheStatusBar() throws {
    let (world, udid) = try Self.simulator()
    defer { world.remove() }
    let script = """
      import os, subprocess, sys
      read, write = os.pipe()
      os.close(read)
      print("status", subprocess.run(sys.argv[1:], stdout=write).returncode)
      """
    let result = try Command.run(
      "/usr/bin/env",
      [
        "python3", "-c", script, Command.product("deeplink"), "--target", "simulator:" + udid, "--bundle-id",
        Self.recipes, "tour", "--json", "--out", world.directory.file("tour"),
      ], environment: world.environment)
    #expect(result.stdout == "status -13\n", "\(result)")
    let statusBar = Self.simctl("status_bar", in: world)
    #expect(statusBar.count == 2 && statusBar.last?.last == "clear", "\(statusBar)")
    #expect(world.statusBarTime(udid: udid) == nil)
  }
}

extension TourPicturesTests {
  /// A screenshot that is not a picture (here the stand-in's placeholder bytes: a PNG
  /// signature and text) ends the tour at the entry it belongs to, named, with the status bar
  /// cleared and nothing recorded.
  @Test func aScreenshotThatIsNotAPictureNamesItsEntryAndRecordsNothing() throws {
    var (world, udid) = try Self.simulator()
    world.environment["STANDIN_RENDER"] = nil
    defer { world.remove() }
    let out = world.directory.file("tour")
    let result = try world.deeplink(
      "--target", "simulator:" + udid, "--bundle-id", Self.recipes, "tour", "--out", out)
    #expect(result.status == 70, "\(result)")
    #expect(
      result.stderr.contains("error: settings (debug://settings): `xcrun simctl io \(udid) screenshot "),
      "\(result)")
    #expect(result.stderr.contains("` gave no PNG image"), "\(result)")
    #expect(Self.simctl("status_bar", in: world).last?.last == "clear")
    #expect(!FileManager.default.fileExists(atPath: out + "/tour.json"))
  }
}

extension TourPicturesTests {
  /// `--settle` beside an agent: each link acknowledged, then the wait; the page says both.
  @Test func settleWithAnAgentWaitsAfterTheAcknowledgementAndThePageSaysSo() throws {
    let (world, udid) = try Self.simulator()
    defer { world.remove() }
    let out = world.directory.file("tour")
    let result = try world.deeplink(
      "--target", "simulator:" + udid, "--bundle-id", Self.recipes, "tour", "--out", out, "--settle", "0.05",
      "--scenario", try Self.scenario(in: world))
    #expect(result.status == 0, "\(result)")
    let entries = try #require(try Self.manifest(out)["entries"]?.arrayValue)
    #expect(entries.allSatisfy { $0["picture"] != nil && $0["screen"] != nil }, "\(entries)")
    let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    #expect(page.contains("every screen after the app acknowledged its link"))
    #expect(
      page.contains("each taken once the app acknowledged its link and 0.05 s more had passed (--settle)"))
    #expect(!page.contains("no acknowledgement"))
  }
}

extension TourPicturesTests {
  /// A check where the recording cannot match (pictures or screen texts on one side only) is
  /// refused before anything is sent, with the target to use.
  @Test func aRecordingFromAnotherKindOfTargetIsRefusedWithTheTargetToUse() throws {
    let (world, udid) = try Self.simulator()
    defer { world.remove() }
    let agent = ["--target", "simulator:" + udid, "--bundle-id", Self.recipes]
    let scenario = try Self.scenario(in: world)
    let withAgent = world.directory.file("agent")
    #expect(try world.deeplink(agent + ["tour", "--out", withAgent, "--scenario", scenario]).status == 0)
    let settled = world.directory.file("settled")
    #expect(
      try world.deeplink(
        [
          "--target", "simulator:" + udid, "--bundle-id", "com.example.None", "tour", "--out", settled,
          "--settle",
          "0.01", "--scenario", scenario,
        ]
      ).status == 0)
    // The agent's recording without its pictures: what the app target records.
    let textOnly = world.directory.file("text")
    try FileManager.default.createDirectory(atPath: textOnly, withIntermediateDirectories: false)
    var manifest = try Self.manifest(withAgent)
    var entries = try #require(manifest["entries"]?.arrayValue)
    for index in entries.indices {
      entries[index] = .object(
        (entries[index].objectValue ?? []).filter {
          !["picture", "settled", "settleSeconds", "screenshots"].contains($0.key)
        })
    }
    manifest = .object(
      (manifest.objectValue ?? []).filter { !["device", "settleTimeout", "entries"].contains($0.key) } + [
        JSON.Member("entries", .array(entries))
      ])
    try manifest.serialized.write(toFile: textOnly + "/tour.json", atomically: true, encoding: .utf8)
    for name in try FileManager.default.contentsOfDirectory(atPath: withAgent)
    where !name.hasSuffix(".png") && name != "tour.json" {
      try FileManager.default.copyItem(atPath: withAgent + "/" + name, toPath: textOnly + "/" + name)
    }
    let opened = world.openedOnSimulator()
    let noAgent = ["--target", "simulator:" + udid, "--bundle-id", "com.example.None"]
    let cases: [(options: [String], recording: String, settle: [String], message: String)] = [
      (
        [], withAgent, [],
        "has a picture of each screen (recorded on simulator \(udid)), and --target app takes none"
      ),
      (
        agent, textOnly, [],
        "has no pictures (recorded on the app target), and --target simulator:\(udid) takes one"
      ),
      (
        noAgent, withAgent, ["--settle", "0.01"],
        "has each screen's text, which only an app that acknowledges gives, and no app's deeplink agent answers "
          + "on --target simulator:\(udid); start the app with its agent (deeplink launch --target"
      ),
      (agent, settled, [], "has no screen text (recorded on simulator \(udid) with --settle and no agent)"),
    ]
    for (options, recording, settle, message) in cases {
      let result = try world.deeplink(
        options + [
          "tour", "--check", recording, "--out", world.directory.file("check"), "--scenario", scenario,
        ]
          + settle)
      #expect(result.status == 64, "\(options) \(recording): \(result)")
      #expect(result.stderr.contains("the recording in \(recording) " + message), "\(result)")
    }
    #expect(world.openedOnSimulator() == opened, "nothing was sent")
    #expect(!FileManager.default.fileExists(atPath: world.directory.file("check")))
  }
}

/// CRCs for the hand-made chunks of these tests, from Python's zlib (not the code under test).
enum PNGTestCRC {
  static func bigEndianCRC(_ typeAndData: [UInt8]) -> [UInt8] {
    let hex = typeAndData.map { String(format: "%02x", $0) }.joined()
    let result = try? Command.run(
      ExternalTool.path("python3") ?? "python3",
      [
        "-c",
        "import sys, zlib, struct; sys.stdout.write(struct.pack('>I', zlib.crc32(bytes.fromhex(sys.argv[1]))).hex())",
        hex,
      ])
    let text = result?.stdout ?? ""
    return stride(from: 0, to: text.count, by: 2).compactMap {
      let start = text.index(text.startIndex, offsetBy: $0)
      return UInt8(text[start..<text.index(start, offsetBy: 2)], radix: 16)
    }
  }
}
