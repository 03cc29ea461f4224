import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// `deeplink targets [--json]`, the completion callback behind `--target <TAB>`, and
/// `deeplink approve --bundle-id ID`.
@Suite("targets and approve")
struct TargetsAndApproveTests {
  static let iPhone15 = SimulatorDeliveryTests.iPhone15

  @Test func targetsListsTheAppTheBootedSimulatorAndTheReadyDevices() throws {
    let world = try StandInDevices(
      android: [AndroidDeliveryTests.pixel, "R58M12345AB\tunauthorized usb:1-1 transport_id:2"])
    defer { world.remove() }
    let app = try RunningApp.start()
    defer { app.stop() }
    let text = try world.deeplink("targets", "--socket", app.socket)
    #expect(text.status == 0, "\(text)")
    #expect(
      text.stdout == """
        TARGET                                          KIND       NAME
        app                                             app        deeplink-app
        simulator:\(Self.iPhone15)  simulator  iPhone 15 (iOS 17.2)
        android:emulator-5554                           android    Pixel_7

        """)
    #expect(
      text.stderr
        == "deeplink: note: Android device R58M12345AB is unauthorized: unlock it and accept the USB debugging prompt\n"
    )

    let json = try world.deeplink("targets", "--json", "--socket", app.socket)
    #expect(json.status == 0, "\(json)")
    let entries = try #require(
      JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: String]])
    #expect(
      entries == [
        ["target": "app", "kind": "app", "name": "deeplink-app", "id": app.socket],
        [
          "target": "simulator:" + Self.iPhone15, "kind": "simulator", "name": "iPhone 15 (iOS 17.2)",
          "id": Self.iPhone15,
        ],
        ["target": "android:emulator-5554", "kind": "android", "name": "Pixel_7", "id": "emulator-5554"],
      ])
  }

  /// Each listed target value, given back to --target, reaches that target.
  @Test func everyListedTargetValueSelectsItsTarget() throws {
    let world = try StandInDevices(
      simulators: "simulators-two-booted.json",
      android: [AndroidDeliveryTests.pixel, AndroidDeliveryTests.phone])
    defer { world.remove() }
    let json = try world.deeplink("targets", "--json", "--socket", world.directory.file("none.sock"))
    let entries = try #require(
      JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: String]])
    #expect(entries.count == 4, "\(json)")
    for entry in entries {
      let result = try world.deeplink("--target", entry["target"]!, "settings", "--json")
      #expect(result.status == 0, "\(entry): \(result)")
      let delivered = try #require(
        JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      #expect(delivered["id"] as? String == entry["id"])
    }
  }

  @Test func withoutToolsOrAppTargetsListsNothingAndSaysNothingWrong() throws {
    let world = try StandInDevices(tools: [])
    defer { world.remove() }
    let text = try world.deeplink("targets", "--socket", world.directory.file("none.sock"))
    #expect(text.status == 0, "\(text)")
    #expect(text.stdout == "TARGET  KIND  NAME\n")
    #expect(text.stderr == "")
    let json = try world.deeplink("targets", "--json", "--socket", world.directory.file("none.sock"))
    #expect(json.stdout == "[]\n", "\(json)")
  }

  /// `--target <TAB>` with neither tool installed: the kinds, nothing on stderr, nothing run.
  @Test func theCompletionCallbackWithoutToolsOffersTheKindsQuietly() throws {
    let world = try StandInDevices(tools: [])
    defer { world.remove() }
    let result = try world.deeplink("__complete", "targets")
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "app\tthe app on its socket (the default)\nsimulator\tthe one booted iOS Simulator\n"
        + "device\tthe one connected iPhone or iPad\nandroid\tthe one attached Android device\n")
    #expect(result.stderr == "")
    #expect(world.invocations().isEmpty)
  }

  @Test func theCompletionCallbackGivesUpOnASlowToolAndStillOffersTheKinds() throws {
    let world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    defer { world.remove() }
    // adb answers at once, xcrun after 20 s: the budget (5 s, far more than adb needs on a
    // loaded machine) runs out on xcrun alone.
    let result = try world.deeplink(
      "__complete", "targets", environment: ["STANDIN_DELAY": "20", "DEEPLINK_COMPLETION_TIMEOUT_MS": "5000"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("app\t"))
    #expect(result.stdout.contains("android:emulator-5554\tPixel_7\n"))
    #expect(!result.stdout.contains("simulator:"))
    #expect(result.stderr == "")
  }

  @Test func approveWritesTheSchemeApprovalOnTheBootedSimulator() throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink("approve", "--bundle-id", "com.example.Recipes")
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout
        == "approved debug:// links for com.example.Recipes on simulator iPhone 15 (iOS 17.2) \(Self.iPhone15): "
        + "they open without the \"Open in\" prompt\n")
    #expect(
      world.invocations().last == [
        "xcrun", "simctl", "spawn", Self.iPhone15, "defaults", "write",
        "com.apple.launchservices.schemeapproval",
        "com.apple.CoreSimulator.CoreSimulatorBridge-->debug", "-string", "com.example.Recipes",
      ])
    #expect(
      world.defaultsWritten() == [
        "defaults", "write", "com.apple.launchservices.schemeapproval",
        "com.apple.CoreSimulator.CoreSimulatorBridge-->debug", "-string", "com.example.Recipes",
      ])
  }

  /// `approve` finds the bundle id where every simulator command does: `DEEPLINK_BUNDLE_ID`,
  /// then the routes file's `ios.bundleId`.
  @Test func approveTakesTheBundleIDFromTheEnvironmentAndTheRoutesFile() throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let fromEnvironment = try world.deeplink(
      "approve", environment: ["DEEPLINK_BUNDLE_ID": "com.example.FromEnvironment"])
    #expect(fromEnvironment.status == 0, "\(fromEnvironment)")
    #expect(world.defaultsWritten().last == "com.example.FromEnvironment", "\(world.defaultsWritten())")
    var file = try JSON.parse(try world.deeplink("routes", "--json").stdout)
    guard case .object(var members) = file else { Issue.record("no object"); return }
    members.append(JSON.Member("ios", .object([("bundleId", .string("com.example.FromFile"))])))
    file = .object(members)
    let routes = world.directory.file("deeplink.routes.json")
    try file.pretty.write(toFile: routes, atomically: true, encoding: .utf8)
    let fromFile = try world.deeplink("--routes", routes, "approve")
    #expect(fromFile.status == 0, "\(fromFile)")
    #expect(world.defaultsWritten().last == "com.example.FromFile", "\(world.defaultsWritten())")
    let wrong = try world.deeplink("approve", environment: ["DEEPLINK_BUNDLE_ID": "a b"])
    #expect(wrong.status == 64 && wrong.stderr.contains("DEEPLINK_BUNDLE_ID"), "\(wrong)")
  }

  @Test func approveDryRunPrintsTheCommand() throws {
    let world = try StandInDevices(tools: [])
    defer { world.remove() }
    let result = try world.deeplink(
      "approve", "--bundle-id", "com.example.Recipes", "--target", "simulator:" + Self.iPhone15, "--dry-run")
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout
        == "xcrun simctl spawn \(Self.iPhone15) defaults write com.apple.launchservices.schemeapproval "
        + "'com.apple.CoreSimulator.CoreSimulatorBridge-->debug' -string com.example.Recipes\n")
  }

  @Test(arguments: [
    (
      ["approve"],
      "approve needs the app's bundle id: --bundle-id ID (or $DEEPLINK_BUNDLE_ID, or the routes file's ios.bundleId)"
    ),
    (
      ["approve", "--bundle-id", "com.example;rm"],
      "--bundle-id expects a bundle identifier (ASCII letters, digits, '-' and '.', such as com.example.Recipes), got 'com.example;rm'"
    ),
    (
      ["approve", "--bundle-id", "a.b", "--target", "android"],
      "approve works with simulator targets (simulator or simulator:DEVICE), not --target android"
    ),
    (
      ["approve", "--bundle-id", "a.b", "--target", "app"],
      "approve works with simulator targets (simulator or simulator:DEVICE), not --target app"
    ),
  ])
  func approveRefusesWrongInputWith64(_ arguments: [String], message: String) throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink(arguments)
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.hasPrefix("deeplink: error: " + message + "\n"), "\(result)")
    #expect(world.defaultsWritten().isEmpty)
  }
}
