import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// `--target device[:ID-or-name]`: links to a physical iPhone or iPad through the stand-in
/// `xcrun devicectl` (Tests/DeviceTests/StandIns), delivery only.
@Suite("iPhones and iPads through devicectl")
struct PhysicalDeviceTests {
  static let bundle = "com.example.Recipes"
  static let phone = (id: "6A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D", name: "Ann's iPhone")
  static let pad = (id: "7B2C3D4E-5F6A-4B7C-9D8E-0F1A2B3C4D5E", name: "Lab iPad")

  /// A world whose devicectl lists `devices` (identifier, name, tunnel state, pairing state).
  static func world(_ devices: [(String, String, String, String)]) throws -> StandInDevices {
    var world = try StandInDevices(apps: [bundle: "/bin/true"])
    world.environment["STANDIN_DEVICES"] = try StandInDevices.physicalDevices(devices, in: world.directory)
    return world
  }

  static var onePhone: [(String, String, String, String)] {
    [(phone.id, phone.name, "disconnected", "paired")]
  }

  @Test func aLinkGoesToTheAppThroughDevicectlAsOneArgumentAndIsNotAcknowledged() throws {
    let world = try Self.world(Self.onePhone)
    defer { world.remove() }
    let message = "it's locked; rm -rf / && echo $HOME"
    let result = try world.deeplink(
      "--target", "device", "--bundle-id", Self.bundle, "login-error", "--message", message)
    #expect(result.status == 0, "\(result)")
    let url = try world.deeplink("url", "login-error", "--message", message).stdout
      .trimmingCharacters(in: .newlines)
    #expect(url.hasPrefix("debug://login-error?message=it") && !url.contains(" "), "\(url)")
    #expect(world.openedOnSimulator() == [url], "the URL reached devicectl as one argument")
    #expect(
      world.invocations().last == [
        "xcrun", "devicectl", "device", "process", "launch", "--device", Self.phone.id,
        "--terminate-existing",
        "--payload-url", url, Self.bundle,
      ], "\(world.invocations())")
    #expect(
      result.stdout
        == "delivered \(url) to device \(Self.phone.name) (iOS 17.4.1) \(Self.phone.id); not acknowledged, so no "
        + "screen follows: a phone cannot reach this computer's /tmp, where an agent's socket would be, so the "
        + "app cannot answer\n", "\(result)")
    let json = try world.deeplink(
      "--target", "device:" + Self.phone.name, "--bundle-id", Self.bundle, "settings", "--json")
    let reply = try JSON.parse(json.stdout)
    #expect(reply["acknowledged"] == .bool(false) && reply["kind"]?.stringValue == "device", "\(json)")
    #expect(reply["target"]?.stringValue == "device:" + Self.phone.id)
  }

  @Test func theDeviceIsChosenAsForTheOtherTargets() throws {
    let none = try Self.world([(Self.phone.id, Self.phone.name, "unavailable", "paired")])
    defer { none.remove() }
    let noDevice = try none.deeplink("--target", "device", "--bundle-id", Self.bundle, "settings")
    #expect(noDevice.status == 69, "\(noDevice)")
    #expect(noDevice.stderr.contains("no iPhone or iPad is connected; connect one by cable"), "\(noDevice)")
    #expect(
      noDevice.stderr.contains("\(Self.phone.name) (iOS 17.4.1) \(Self.phone.id) is unavailable"),
      "\(noDevice)")

    let two = try Self.world(Self.onePhone + [(Self.pad.id, Self.pad.name, "connected", "paired")])
    defer { two.remove() }
    let several = try two.deeplink("--target", "device", "--bundle-id", Self.bundle, "settings")
    #expect(several.status == 64, "\(several)")
    #expect(
      several.stderr.contains("2 iPhones or iPads are connected; choose one with --target:"), "\(several)")
    #expect(several.stderr.contains("--target device:\(Self.pad.id)"), "\(several)")
    let byName = try two.deeplink(
      "--target", "device:" + Self.pad.name, "--bundle-id", Self.bundle, "settings")
    #expect(byName.status == 0 && byName.stdout.contains(Self.pad.id), "\(byName)")
    let unknown = try two.deeplink("--target", "device:Bob's iPhone", "--bundle-id", Self.bundle, "settings")
    #expect(unknown.status == 69, "\(unknown)")
    #expect(
      unknown.stderr.contains("no iPhone or iPad has the identifier, UDID or name 'Bob's iPhone'"),
      "\(unknown)")
    #expect(two.openedOnSimulator() == ["debug://settings"], "only the link by name was delivered")
  }

  @Test func devicectlsFailuresExitAsTheySay() throws {
    var world = try Self.world(Self.onePhone)
    defer { world.remove() }
    world.environment["STANDIN_LOCKED"] = Self.phone.id
    let locked = try world.deeplink("--target", "device", "--bundle-id", Self.bundle, "settings")
    #expect(locked.status == 69, "\(locked)")
    #expect(locked.stderr.contains("is locked; unlock it and retry"), "\(locked)")
    #expect(locked.stderr.contains("BSErrorCodeDescription = Locked"), "devicectl's words follow: \(locked)")
    world.environment["STANDIN_LOCKED"] = ""
    let absent = try world.deeplink("--target", "device", "--bundle-id", "com.example.Absent", "settings")
    #expect(absent.status == 69, "\(absent)")
    #expect(absent.stderr.contains("com.example.Absent on \(Self.phone.name)"), "\(absent)")
    #expect(absent.stderr.contains("it is not installed there"), "\(absent)")
    world.environment["STANDIN_NO_DEVICECTL"] = "1"
    let oldXcode = try world.deeplink("--target", "device", "--bundle-id", Self.bundle, "settings")
    #expect(oldXcode.status == 69, "\(oldXcode)")
    #expect(oldXcode.stderr.contains("Xcode 15 or later"), "\(oldXcode)")
    #expect(world.openedOnSimulator() == [])
  }

  @Test func whatADeviceCannotDoIs64BeforeAnyToolRuns() throws {
    let world = try Self.world(Self.onePhone)
    defer { world.remove() }
    let noBundle = try world.deeplink("--target", "device", "settings")
    #expect(noBundle.status == 64, "\(noBundle)")
    #expect(noBundle.stderr.contains("--target device needs the app's bundle id"), "\(noBundle)")
    let state = try world.deeplink("--target", "device", "--bundle-id", Self.bundle, "state")
    #expect(state.status == 64, "\(state)")
    #expect(state.stderr.contains("a phone cannot reach this computer's /tmp"), "\(state)")
    let keep = try world.deeplink("--target", "device", "--bundle-id", Self.bundle, "settings", "--keep")
    #expect(keep.status == 64, "\(keep)")
    let wait = try world.deeplink("--target", "device", "wait")
    #expect(wait.status == 64, "\(wait)")
    let tour = try world.deeplink(
      "--target", "device", "--bundle-id", Self.bundle, "tour", "--out", world.directory.file("tour"))
    #expect(tour.status == 64, "\(tour)")
    #expect(tour.stderr.contains("tour works with the app, simulator and android targets"), "\(tour)")
    #expect(!FileManager.default.fileExists(atPath: world.directory.file("tour")), "\(tour)")
    let pictures = try world.deeplink("--target", "device", "--bundle-id", Self.bundle, "mcp", "--pictures")
    #expect(pictures.status == 64, "\(pictures)")
    #expect(
      pictures.stderr.contains("mcp works with simulator and android targets for --pictures"), "\(pictures)")
    let plannedTour = try world.deeplink(
      "--target", "device", "--bundle-id", Self.bundle, "tour", "--out", world.directory.file("tour"),
      "--dry-run")
    #expect(plannedTour.status == 64 && plannedTour.stdout.isEmpty, "\(plannedTour)")
    let batch = world.directory.file("links")
    try "settings\n".write(toFile: batch, atomically: true, encoding: .utf8)
    let plannedBatch = try world.deeplink("--target", "device", "batch", batch, "--dry-run")
    #expect(plannedBatch.status == 64, "\(plannedBatch)")
    #expect(plannedBatch.stderr.contains("--target device needs the app's bundle id"), "\(plannedBatch)")
    let unplannedBatch = try world.deeplink("--target", "device", "batch", batch)
    #expect(unplannedBatch.status == 64, "\(unplannedBatch)")
    #expect(world.invocations() == [], "\(world.invocations())")
  }

  @Test func dryRunPrintsTheCommandsAndRunsNothing() throws {
    let world = try Self.world(Self.onePhone)
    defer { world.remove() }
    let planned = try world.deeplink(
      "--target", "device", "--bundle-id", Self.bundle, "recipe", "--id", "42", "--dry-run")
    #expect(planned.status == 0, "\(planned)")
    #expect(
      planned.stdout
        == "xcrun devicectl list devices --json-output <FILE>\n"
        + "xcrun devicectl device process launch --device <DEVICE-ID> --terminate-existing --payload-url "
        + "'debug://recipe?id=42' \(Self.bundle)\n", "\(planned)")
    let byID = try world.deeplink(
      "--target", "device:" + Self.phone.id, "--bundle-id", Self.bundle, "settings", "--dry-run")
    #expect(
      byID.stdout.hasSuffix(
        "--device \(Self.phone.id) --terminate-existing --payload-url debug://settings \(Self.bundle)\n"),
      "\(byID)")
    #expect(world.invocations() == [])
  }

  @Test func targetsListsTheReachableDevicesAndSaysWhyOthersAreMissing() throws {
    let world = try Self.world(Self.onePhone + [(Self.pad.id, Self.pad.name, "unavailable", "paired")])
    defer { world.remove() }
    let text = try world.deeplink("targets")
    #expect(text.status == 0, "\(text)")
    #expect(
      text.stdout.contains("device:\(Self.phone.id)")
        && text.stdout.contains("\(Self.phone.name) (iOS 17.4.1)"), "\(text)")
    #expect(!text.stdout.contains(Self.pad.id), "\(text)")
    #expect(
      text.stderr.contains(
        "device \(Self.pad.name) (iOS 17.4.1) \(Self.pad.id) is unavailable: connect it by cable"), "\(text)")
    let json = try JSON.parse(try world.deeplink("targets", "--json").stdout).arrayValue ?? []
    let devices = json.filter { $0["kind"]?.stringValue == "device" }
    #expect(devices.map { $0["id"]?.stringValue } == [Self.phone.id], "\(json)")
  }
}
