import Foundation
import TestSupport
import Testing

/// `--target simulator`: the booted simulator chosen by UDID (never `booted`), the link opened
/// with `xcrun simctl openurl <UDID> <URL>`, and simctl's failures turned into exit codes.
@Suite("Simulator delivery")
struct SimulatorDeliveryTests {
  static let iPhone15 = "5B6D9A4C-1E2F-4A3B-9C8D-7E6F5A4B3C2D"

  @Test func theOneBootedSimulatorGetsTheLinkByUDID() throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink("--target", "simulator", "recipe-edit", "--id", "42", "--unsaved")
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout
        == "delivered debug://recipe-edit?id=42&unsaved=true to simulator iPhone 15 (iOS 17.2) \(Self.iPhone15); "
        + "not acknowledged, so no screen follows: no app's deeplink agent answers on that simulator "
        + "(embed DeepLinkAgent in the app's debug build, giving it the app's bundle id, and start "
        + "the app)\n")
    #expect(
      world.invocations() == [
        ["xcrun", "simctl", "list", "devices", "-j"],
        ["xcrun", "simctl", "openurl", Self.iPhone15, "debug://recipe-edit?id=42&unsaved=true"],
      ])
    #expect(world.openedOnSimulator() == ["debug://recipe-edit?id=42&unsaved=true"])
  }

  @Test func jsonSaysWhereTheLinkWentAndThatNobodyAcknowledgedIt() throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink("--target", "simulator", "settings", "--json")
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout
        == #"{"delivered":true,"acknowledged":false,"url":"debug://settings","target":"simulator:5B6D9A4C-1E2F-4A3B-9C8D-7E6F5A4B3C2D","kind":"simulator","name":"iPhone 15 (iOS 17.2)","id":"5B6D9A4C-1E2F-4A3B-9C8D-7E6F5A4B3C2D"}"#
        + "\n")
  }

  @Test(arguments: ["iPhone 15", "5b6d9a4c-1e2f-4a3b-9c8d-7e6f5a4b3c2d"])
  func aDeviceIsNamedByExactNameOrUDID(_ device: String) throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink("--target", "simulator:" + device, "settings")
    #expect(result.status == 0, "\(result)")
    #expect(world.invocations().last == ["xcrun", "simctl", "openurl", Self.iPhone15, "debug://settings"])
  }

  @Test func theTargetComesFromDeeplinkTargetWhenNoOptionIsGiven() throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink("settings", environment: ["DEEPLINK_TARGET": "simulator"])
    #expect(result.status == 0, "\(result)")
    #expect(world.openedOnSimulator() == ["debug://settings"])
  }

  @Test func severalBootedExit64ListingTheTargetOfEach() throws {
    let world = try StandInDevices(simulators: "simulators-two-booted.json")
    defer { world.remove() }
    let result = try world.deeplink("--target", "simulator", "settings")
    #expect(result.status == 64, "\(result)")
    #expect(
      result.stderr == """
        deeplink: error: 2 simulators are booted; choose one with --target:
          iPhone 15 (iOS 17.2)  --target simulator:5B6D9A4C-1E2F-4A3B-9C8D-7E6F5A4B3C2D
          iPhone 15 (iOS 16.4)  --target simulator:C0FFEE00-1234-4567-89AB-CDEF01234567

        """)
    #expect(world.openedOnSimulator() == [])
    // Two booted devices share the name: the name is ambiguous too.
    let byName = try world.deeplink("--target", "simulator:iPhone 15", "settings")
    #expect(byName.status == 64, "\(byName)")
    #expect(byName.stderr.hasPrefix("deeplink: error: 2 booted simulators are named 'iPhone 15'; choose one"))
  }

  @Test func noneBootedExits69SayingHowToBootOne() throws {
    let world = try StandInDevices(simulators: "simulators-none-booted.json")
    defer { world.remove() }
    let result = try world.deeplink("--target", "simulator", "settings")
    #expect(result.status == 69, "\(result)")
    #expect(
      result.stderr
        == "deeplink: error: no simulator is booted; boot one with `xcrun simctl boot <UDID>` or open "
        + "Simulator.app (`xcrun simctl list devices` lists the 1 shut down)\n")
  }

  @Test(arguments: [
    (
      "iPad Air (5th generation)",
      "simulator iPad Air (5th generation) (iOS 17.2) 0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0 is Shutdown; boot it with `xcrun simctl boot 0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0`"
    ),
    ("iPhone 99", "no simulator has the UDID or name 'iPhone 99'; the booted ones are:"),
  ])
  func aShutDownOrUnknownDeviceExits69(device: String, message: String) throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink("--target", "simulator:" + device, "settings")
    #expect(result.status == 69, "\(result)")
    #expect(result.stderr.hasPrefix("deeplink: error: " + message), "\(result)")
    #expect(world.openedOnSimulator() == [])
  }

  @Test func anUnregisteredSchemeExits65WithSimctlsOwnWords() throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink(
      "--target", "simulator", "settings", environment: ["STANDIN_SIMCTL_SCHEMES": "https"])
    #expect(result.status == 65, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "deeplink: error: no app on the simulator handles 'debug://' links; check that the app is installed on it "
          + "and declares the scheme 'debug' under URL types (CFBundleURLTypes) in its Info.plist\n"))
    #expect(result.stderr.contains("  | The operation couldn’t be completed. (OSStatus error -10814.)\n"))
  }

  @Test func aMissingXcrunExits69NamingWhereItComesFrom() throws {
    let world = try StandInDevices(tools: ["adb"])
    defer { world.remove() }
    let result = try world.deeplink("--target", "simulator", "settings")
    #expect(result.status == 69, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "deeplink: error: xcrun is not installed (not found on PATH); xcrun comes with Xcode"))
  }

  /// A tool still running at --timeout: exit 75, and it and its children are gone.
  @Test func aToolStillRunningAtTheTimeoutIsKilledAndExits75() throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let started = Date()
    let result = try world.deeplink(
      "--target", "simulator", "--timeout", "0.5", "settings", environment: ["STANDIN_DELAY": "30"])
    #expect(result.status == 75, "\(result)")
    #expect(
      result.stderr.hasPrefix("deeplink: error: `xcrun simctl list devices -j` was still running after 0.5 s")
    )
    #expect(Date().timeIntervalSince(started) < 20)
    let pids = world.recordedPIDs()
    #expect(pids.count == 2, "the stand-in and its sleeping child: \(pids)")
    for pid in pids {
      // SIGKILL reaches the orphaned grandchild asynchronously: wait for it to be gone (or a
      // zombie on its way), well before its 30 s sleep would have ended by itself.
      var state = Self.state(of: pid)
      for _ in 0..<100 where !["", "Z", "X"].contains(state) {
        usleep(100_000)
        state = Self.state(of: pid)
      }
      #expect(["", "Z", "X"].contains(state), "process \(pid) is still there: \(state)")
    }
  }

  /// The state letter of a process in /proc (`R`, `S`, `Z`…), or "" when there is none.
  static func state(of pid: Int32) -> String {
    (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))
      .map { String($0.split(separator: ")").last?.split(separator: " ").first ?? "") } ?? ""
  }
}
