import DeepLinkWire
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `Examples/Shop`'s app as an app on the iOS Simulator: installed in the stand-in `xcrun`
/// (Tests/DeviceTests/StandIns), started by its `simctl launch` the way CoreSimulator starts an
/// app (`SIMULATOR_UDID` and `--bundle-id`), and driven by the shop's own tool through
/// `--target simulator:<UDID> --bundle-id`, with acknowledgements and screens.
@Suite(.disabled(if: PackageBuild.skipped, "DEEPLINK_SKIP_PACKAGE_BUILDS=1"))
struct ShopSimulatorTests {
  static let bundle = "com.example.Shop"
  static let standIns = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("DeviceTests/StandIns").path

  @Test func theShopsAppLaunchedOnASimulatorAnswersTheShopsTool() throws {
    let bin = try ShopExampleTests.bin.get()
    let directory = try TemporaryDirectory()
    let udid = UUID().uuidString
    let running = directory.file("running")
    try FileManager.default.createDirectory(atPath: running, withIntermediateDirectories: true)
    defer {
      // The app the stand-in launched, stopped and waited for; then its socket and lock.
      if let text = try? String(contentsOfFile: running + "/\(udid)-\(Self.bundle).pid", encoding: .utf8),
        let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(Patience.seconds)
        while kill(pid, 0) == 0 && Date() < deadline { usleep(10_000) }
      }
      let socket = SimulatorSocket.path(udid: udid, bundleID: Self.bundle)
      for path in [socket, socket + ".lock"] { try? FileManager.default.removeItem(atPath: path) }
      directory.remove()
    }
    try """
    {"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-17-2": [
      {"udid" : "\(udid)",
       "isAvailable" : true,
       "state" : "Booted",
       "name" : "iPhone 15"
      }
    ]}}

    """.write(toFile: directory.file("simulators.json"), atomically: true, encoding: .utf8)
    try "\(Self.bundle) \(bin)/shop-app\n".write(
      toFile: directory.file("apps"), atomically: true, encoding: .utf8)
    let environment = [
      "PATH": Self.standIns + "/bin:/usr/bin:/bin", "STANDIN_SIMULATORS": directory.file("simulators.json"),
      "STANDIN_APPS": directory.file("apps"), "STANDIN_RUNNING": running,
      "STANDIN_SIMULATOR_BIN": Self.standIns + "/simulator", "DEEPLINK_TARGET": "", "DEEPLINK_BUNDLE_ID": "",
    ]
    func shop(_ arguments: String...) throws -> CommandResult {
      try Command.run(bin + "/shop", arguments, environment: environment)
    }
    let options = ["--target", "simulator:" + udid, "--bundle-id", Self.bundle]

    let launched = try Command.run(bin + "/shop", ["launch", "--json"] + options, environment: environment)
    #expect(launched.status == 0, "\(launched)")
    #expect(try JSON.parse(launched.stdout)["bundleId"]?.stringValue == Self.bundle, "\(launched)")
    let catalog = try Command.run(
      bin + "/shop", options + ["catalog", "--sort", "price"], environment: environment)
    #expect(catalog.status == 0, "\(catalog)")
    #expect(catalog.stdout == "Shop › Catalogue\n  Blue Scarf\n  Green Hat\n  Red Shoes\n", "\(catalog)")
    let added = try Command.run(
      bin + "/shop", options + ["add-to-cart", "--id", "7", "--quantity", "2", "--quiet"],
      environment: environment)
    #expect(added.status == 0, "\(added)")
    let state = try JSON.parse(
      try Command.run(bin + "/shop", options + ["state", "--json"], environment: environment).stdout)
    #expect(state["cart"] == .object([("product-7", .int(2))]), "\(state)")
    // The agent says which app it is: the shop's tool lists it among the targets.
    let targets = try shop("targets")
    #expect(targets.stdout.contains("simulator:\(udid) --bundle-id \(Self.bundle)"), "\(targets)")
  }
}
