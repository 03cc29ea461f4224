import Foundation
import TestSupport
import Testing

/// `--target android`: the device chosen as adb would, the link delivered with
/// `adb -s SERIAL shell '<one string>'`, and exit codes that tell the truth where `am` exits 0.
@Suite("Android delivery")
struct AndroidDeliveryTests {
  static let pixel =
    "emulator-5554\tdevice product:sdk_gphone64_x86_64 model:Pixel_7 device:emu64xa transport_id:1"
  static let phone = "R58M12345AB\tdevice usb:1-1 product:a52q model:SM_A525F device:a52q transport_id:2"

  @Test func theOneAttachedDeviceGetsTheLinkAsOneShellString() throws {
    let world = try StandInDevices(android: [Self.pixel])
    defer { world.remove() }
    let result = try world.deeplink("--target", "android", "recipe", "--id", "42")
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout
        == "delivered debug://recipe?id=42 to Android device Pixel_7 emulator-5554; the app cannot "
        + "acknowledge it without the deeplink agent, so no screen follows\n")
    #expect(result.stderr == "")
    #expect(
      world.invocations() == [
        ["adb", "devices", "-l"],
        [
          "adb", "-s", "emulator-5554", "shell",
          "am start -W -a android.intent.action.VIEW -d 'debug://recipe?id=42'",
        ],
      ])
    #expect(
      world.receivedByAm() == [
        "start", "-W", "-a", "android.intent.action.VIEW", "-d", "debug://recipe?id=42",
      ])
  }

  @Test func packageMakesTheIntentExplicit() throws {
    let world = try StandInDevices(android: [Self.pixel])
    defer { world.remove() }
    let result = try world.deeplink(
      "--target", "android:emulator-5554", "--package", "com.example.recipes", "settings")
    #expect(result.status == 0, "\(result)")
    #expect(world.receivedByAm()?.last == "com.example.recipes")
    // A serial given: no listing first.
    #expect(world.invocations().map { $0.dropFirst().first } == ["-s"])
  }

  @Test func androidSerialIsHonouredAndTheTargetSerialWinsOverIt() throws {
    let world = try StandInDevices(android: [Self.pixel, Self.phone])
    defer { world.remove() }
    let fromVariable = try world.deeplink(
      "--target", "android", "settings", environment: ["ANDROID_SERIAL": "R58M12345AB"])
    #expect(fromVariable.status == 0, "\(fromVariable)")
    #expect(world.invocations().last?.prefix(3) == ["adb", "-s", "R58M12345AB"])
    let explicit = try world.deeplink(
      "--target", "android:emulator-5554", "settings", environment: ["ANDROID_SERIAL": "R58M12345AB"])
    #expect(explicit.status == 0, "\(explicit)")
    #expect(world.invocations().last?.prefix(3) == ["adb", "-s", "emulator-5554"])
  }

  @Test func severalDevicesExit64ListingTheTargetOfEach() throws {
    let world = try StandInDevices(android: [Self.pixel, Self.phone, "ZX1G22\toffline transport_id:3"])
    defer { world.remove() }
    let result = try world.deeplink("--target", "android", "settings")
    #expect(result.status == 64, "\(result)")
    #expect(
      result.stderr == """
        deeplink: error: 2 Android devices are attached; choose one with --target (or ANDROID_SERIAL):
          Pixel_7 (emulator-5554)  --target android:emulator-5554
          SM_A525F (R58M12345AB)   --target android:R58M12345AB

        """)
    #expect(world.receivedByAm() == nil)
  }

  @Test func noDeviceExits69SayingHowToAttachOne() throws {
    let world = try StandInDevices(android: ["R58M12345AB\tunauthorized usb:1-1 transport_id:2"])
    defer { world.remove() }
    let result = try world.deeplink("--target", "android", "settings")
    #expect(result.status == 69, "\(result)")
    #expect(result.stderr.hasPrefix("deeplink: error: no Android device is attached; start an emulator"))
    #expect(
      result.stderr.contains("R58M12345AB is unauthorized: unlock it and accept the USB debugging prompt"))
  }

  @Test(arguments: [
    ("nope", "Android device nope is not available", "adb: device 'nope' not found"),
    ("ZX1G22", "Android device ZX1G22 is not available; reconnect it", "adb: error: device offline"),
    (
      "R58M12345AB", "Android device R58M12345AB is not available; unlock it",
      "adb: error: device unauthorized."
    ),
  ])
  func anUnusableDeviceExits69WithAdbsOwnWords(serial: String, message: String, adbSays: String) throws {
    let world = try StandInDevices(
      android: [Self.pixel, "ZX1G22\toffline transport_id:3", "R58M12345AB\tunauthorized transport_id:2"])
    defer { world.remove() }
    let result = try world.deeplink("--target", "android:" + serial, "settings")
    #expect(result.status == 69, "\(result)")
    #expect(result.stderr.hasPrefix("deeplink: error: " + message), "\(result)")
    #expect(result.stderr.contains("\n  | " + adbSays), "\(result)")
  }

  /// `am start` prints "unable to resolve Intent" and exits 0: deeplink exits 65 anyway.
  @Test func anUnhandledSchemeExits65ThoughAdbExits0() throws {
    let world = try StandInDevices(android: [Self.pixel])
    defer { world.remove() }
    let result = try world.deeplink(
      "--target", "android", "settings", environment: ["STANDIN_ANDROID_SCHEMES": "https"])
    #expect(result.status == 65, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderr.hasPrefix(
        "deeplink: error: no app on the device handles 'debug://' links; check that the app is installed"))
    #expect(result.stderr.contains("AndroidManifest.xml"))
    #expect(result.stderr.contains("  | Error: Activity not started, unable to resolve Intent"))
  }

  @Test func aPackageThatIsNotInstalledExits65() throws {
    let world = try StandInDevices(android: [Self.pixel])
    defer { world.remove() }
    let result = try world.deeplink("--target", "android", "--package", "com.example.other", "settings")
    #expect(result.status == 65, "\(result)")
  }

  @Test func aMissingAdbExits69NamingWhereItComesFrom() throws {
    let world = try StandInDevices(android: [Self.pixel], tools: [])
    defer { world.remove() }
    let result = try world.deeplink("--target", "android", "settings")
    #expect(result.status == 69, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "deeplink: error: adb is not installed (not found on PATH); adb comes with the Android SDK Platform-Tools"
      ))
  }

  @Test func aBadPackageNameIsAUsageError() throws {
    let world = try StandInDevices(android: [Self.pixel])
    defer { world.remove() }
    let result = try world.deeplink("--target", "android", "--package", "com.example;reboot", "settings")
    #expect(result.status == 64, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "deeplink: error: --package expects an Android application id such as com.example.app, got 'com.example;reboot'"
      ))
    #expect(world.invocations().isEmpty)
  }

  /// adb forks its server on first use, and the server lives on: a descriptor deeplink was
  /// given (a CI runner's pipe) must not reach adb, or the caller waits for an end of file that
  /// never comes. Only 0, 1 and 2 go to the tool.
  @Test func theToolGetsNoDescriptorOfDeeplinksBeyondTheStandardThree() throws {
    let world = try StandInDevices(android: [Self.pixel])
    defer { world.remove() }
    let fds = world.directory.file("fds")
    let script = "exec 7>/dev/null 8</dev/null; exec \"$0\" --target android settings --quiet"
    let result = try Command.run(
      "/bin/sh", ["-c", script, Command.product("deeplink")],
      environment: world.environment.merging(["STANDIN_FDS": fds]) { $1 })
    #expect(result.status == 0, "\(result)")
    let listed = try String(contentsOfFile: fds, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(listed.contains("0") && listed.contains("1") && listed.contains("2"), "\(listed)")
    // 3, 10 and 11 are the stand-in shell's own (its script, the listing, the saved stdout).
    #expect(!listed.contains("7") && !listed.contains("8"), "adb inherited \(listed)")
  }
}

/// `"android": {"package": …}` in a routes file: the explicit intent `--package` would give.
@Suite("Android package from a routes file")
struct AndroidRoutesFileTests {
  @Test func theRoutesFilesPackageIsUsedAndPackageWinsOverIt() throws {
    let world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    defer { world.remove() }
    let file = world.directory.file("shop.routes.json")
    try #"{"scheme": "shop", "android": {"package": "com.example.shop"}, "routes": [{"name": "cart"}]}"#
      .write(toFile: file, atomically: true, encoding: .utf8)
    let environment = [
      "STANDIN_ANDROID_SCHEMES": "shop", "STANDIN_ANDROID_PACKAGES": "com.example.shop com.example.other",
    ]
    let fromFile = try world.deeplink(
      "--routes", file, "--target", "android", "cart", environment: environment)
    #expect(fromFile.status == 0, "\(fromFile)")
    #expect(world.receivedByAm()?.suffix(3) == ["-d", "shop://cart", "com.example.shop"])

    let option = try world.deeplink(
      "--routes", file, "--target", "android", "--package", "com.example.other", "cart",
      environment: environment)
    #expect(option.status == 0, "\(option)")
    #expect(world.receivedByAm()?.last == "com.example.other")

    let dryRun = try world.deeplink(
      "--routes", file, "--target", "android:emulator-5554", "--dry-run", "cart")
    #expect(
      dryRun.stdout
        == "adb -s emulator-5554 shell 'am start -W -a android.intent.action.VIEW -d '\\''shop://cart'\\'' '\\''com.example.shop'\\'''\n"
    )
  }
}
