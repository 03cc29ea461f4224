import Foundation
import TestSupport
import Testing

/// `wait` and `screen --png FILE` on simulator and Android targets.
@Suite("wait and screenshots on devices")
struct WaitAndScreenshotTests {
  static let iPhone15 = SimulatorDeliveryTests.iPhone15
  static let iPadAir = "0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0"
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  @Test func waitReturnsOnceTheBootedSimulatorReportsItsBootStatus() throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink("--target", "simulator", "wait")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "simulator iPhone 15 (iOS 17.2) \(Self.iPhone15) has booted and is ready\n")
    #expect(world.invocations().last == ["xcrun", "simctl", "bootstatus", Self.iPhone15])
  }

  @Test func waitForAShutDownSimulatorExits75AtTheTimeoutSayingHowToBootIt() throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink("--target", "simulator:" + Self.iPadAir, "wait", "--timeout", "0.5")
    #expect(result.status == 75, "\(result)")
    #expect(
      result.stderr
        == "deeplink: error: simulator iPad Air (5th generation) (iOS 17.2) \(Self.iPadAir) was not booted and "
        + "ready within 0.5 s; it is Shutdown; boot it with `xcrun simctl boot \(Self.iPadAir)` or raise --timeout\n"
    )
  }

  @Test func waitPollsAndroidUntilTheSystemHasBooted() throws {
    let world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    defer { world.remove() }
    let result = try world.deeplink(
      "--target", "android", "wait",
      environment: ["STANDIN_BOOT_AFTER": "2", "STANDIN_BOOT_COUNTER": world.directory.file("boot-reads")])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "Android device emulator-5554 has booted and is ready\n")
    let getprops = world.invocations().filter { $0.last == "getprop sys.boot_completed" }
    #expect(getprops.count == 3, "\(world.invocations())")
    #expect(world.invocations().first == ["adb", "wait-for-device"])
  }

  @Test func waitForAnAndroidDeviceThatNeverComesExits75() throws {
    let world = try StandInDevices(android: [])
    defer { world.remove() }
    let result = try world.deeplink("--target", "android:emulator-5554", "wait", "--timeout", "0.5")
    #expect(result.status == 75, "\(result)")
    #expect(
      result.stderr
        == "deeplink: error: Android device emulator-5554 was not booted and ready within 0.5 s; none came: "
        + "start an emulator or attach a phone with USB debugging on, or raise --timeout\n")
  }

  @Test(.requires("python3"), arguments: ["simulator", "android"])
  func screenPNGSavesTheDevicesScreenshot(_ kind: String) throws {
    var world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    world.environment["STANDIN_RENDER"] = "1"
    defer { world.remove() }
    let drawn = try Self.showSettings(on: kind, in: world)
    let file = world.directory.file("shot.png")
    let result = try world.deeplink("--target", kind, "screen", "--png", file)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.hasPrefix("saved a screenshot of "))
    #expect(result.stderr.isEmpty, "\(result)")
    let bytes = try #require(FileManager.default.contents(atPath: file))
    #expect(Array(bytes.prefix(8)) == Self.png)
    // The stand-in's own picture, byte for byte: the screenshot tool's file, kept as it was.
    #expect(Array(bytes) == drawn)
  }

  /// Opens Settings on the stand-in device `kind` (`simulator` or `android`), its clock set to
  /// 9:41 on a simulator (a screenshot of the real one could differ from the one drawn here),
  /// and returns the picture the stand-in draws of it, by render-screen itself.
  static func showSettings(on kind: String, in world: StandInDevices) throws -> [UInt8] {
    if kind == "simulator" {
      #expect(
        try world.xcrun("simctl", "status_bar", Self.iPhone15, "override", "--time", "9:41").status == 0)
    }
    #expect(try world.deeplink("--target", kind, "settings").status == 0)
    let drawn = world.directory.file("drawn.png")
    let render = try Command.run(
      StandInDevices.folder + "/render-screen",
      kind == "android"
        ? [drawn, "--am-record", world.directory.file("am-arguments")]
        : [drawn, "--clock", "9:41", "--last-opened", world.directory.file("opened")],
      environment: world.environment)
    try #require(render.status == 0, "\(render)")
    return Array(try #require(FileManager.default.contents(atPath: drawn)))
  }

  /// A screenshot must be a picture to be compared with the next: the stand-ins' placeholder
  /// bytes (a PNG signature and text) are refused, and nothing is written.
  @Test(arguments: ["simulator", "android"])
  func screenPNGOfSomethingThatIsNoPictureIs70AndWritesNothing(_ kind: String) throws {
    let world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    defer { world.remove() }
    let file = world.directory.file("shot.png")
    let result = try world.deeplink("--target", kind, "screen", "--png", file)
    #expect(result.status == 70, "\(result)")
    #expect(result.stderr.hasPrefix("deeplink: error: `"), "\(result)")
    #expect(result.stderr.contains("` gave no PNG image"), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  @Test func screenPNGOnTheAppIsAUsageError() throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink("screen", "--png", world.directory.file("shot.png"))
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.hasPrefix("deeplink: error: screen --png needs a simulator or android --target"))
    #expect(!FileManager.default.fileExists(atPath: world.directory.file("shot.png")))
  }

  @Test(.requires("python3")) func screenPNGIntoAFolderThatDoesNotExistExits70NamingIt() throws {
    var world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    world.environment["STANDIN_RENDER"] = "1"
    defer { world.remove() }
    #expect(try world.deeplink("--target", "android", "settings").status == 0)
    let file = world.directory.file("missing/shot.png")
    let result = try world.deeplink("--target", "android", "screen", "--png", file)
    #expect(result.status == 70, "\(result)")
    #expect(result.stderr == "deeplink: error: cannot write \(file): No such file or directory (ENOENT)\n")
  }

  @Test(arguments: [
    (
      ["--target", "android:emulator-5554", "wait"],
      "adb -s emulator-5554 wait-for-device\nadb -s emulator-5554 shell 'getprop sys.boot_completed'\n"
    ),
    (
      ["--target", "simulator", "screen", "--png", "my shot.png"],
      "xcrun simctl list devices -j\nxcrun simctl io <UDID> screenshot 'my shot.png'\n"
    ),
    (
      ["--target", "android:emulator-5554", "screen", "--png", "shot.png"],
      "adb -s emulator-5554 exec-out screencap -p > shot.png\n"
    ),
  ])
  func dryRunsOfWaitAndScreenshots(_ arguments: [String], expected: String) throws {
    let world = try StandInDevices(tools: [])
    defer { world.remove() }
    let result = try world.deeplink(["--dry-run"] + arguments)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == expected)
  }
}
