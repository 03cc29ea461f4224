import Foundation
import TestSupport
import Testing

/// `--target`'s values, `--dry-run`, and the commands that need the app's agent.
@Suite("Target option and dry runs")
struct TargetOptionTests {
  @Test(arguments: ["iphone", "simulator:", "android:", "app:x", "Simulator"])
  func aWrongTargetIsAUsageError(_ value: String) throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink("--target", value, "settings")
    #expect(result.status == 64, "\(result)")
    #expect(
      result.stderr
        == "deeplink: error: --target expects app, simulator, simulator:DEVICE, device, device:ID-or-name, "
        + "android or android:SERIAL, got '\(value)'\nRun 'deeplink help' for the commands and routes.\n")
    #expect(world.invocations().isEmpty)
  }

  @Test func aWrongDeeplinkTargetIsAUsageErrorNamingTheVariable() throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink("settings", environment: ["DEEPLINK_TARGET": "ios"])
    #expect(result.status == 64, "\(result)")
    #expect(
      result.stderr
        == "deeplink: error: DEEPLINK_TARGET expects app, simulator, simulator:DEVICE, device, "
        + "device:ID-or-name, android or android:SERIAL, got 'ios'; fix or unset it\n")
  }

  @Test(arguments: [
    (
      ["--target", "android:emulator-5554", "recipe-edit", "--id", "42", "--unsaved"],
      "adb -s emulator-5554 shell 'am start -W -a android.intent.action.VIEW -d '\\''debug://recipe-edit?id=42&unsaved=true'\\'''\n"
    ),
    (
      ["--target", "android", "--package", "com.example.recipes", "settings"],
      "adb devices -l\nadb -s <SERIAL> shell 'am start -W -a android.intent.action.VIEW -d '\\''debug://settings'\\'' '\\''com.example.recipes'\\'''\n"
    ),
    (
      ["--target", "simulator:5B6D9A4C-1E2F-4A3B-9C8D-7E6F5A4B3C2D", "settings"],
      "xcrun simctl openurl 5B6D9A4C-1E2F-4A3B-9C8D-7E6F5A4B3C2D debug://settings\n"
    ),
    (
      ["--target", "simulator:iPhone 15", "login-error", "--message", "it's"],
      "xcrun simctl list devices -j\nxcrun simctl openurl <UDID> 'debug://login-error?message=it%27s'\n"
    ),
  ])
  func dryRunPrintsTheCommandsAndRunsNothing(_ arguments: [String], expected: String) throws {
    let world = try StandInDevices(tools: [])
    defer { world.remove() }
    let result = try world.deeplink(["--dry-run"] + arguments)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == expected)
    #expect(result.stderr == "")
  }

  /// What `--dry-run` prints is what runs: pasted into a shell with the stand-ins, it delivers
  /// the same URL.
  @Test func aDryRunLineRunsAsPrinted() throws {
    let world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    defer { world.remove() }
    let printed = try world.deeplink(
      "--dry-run", "--target", "android:emulator-5554", "recipe-edit", "--id", "7", "--unsaved")
    let ran = try Command.run("/bin/sh", ["-c", printed.stdout], environment: world.environment)
    #expect(ran.status == 0, "\(ran)")
    #expect(world.urlReceivedByAm() == "debug://recipe-edit?id=7&unsaved=true")
  }

  @Test(arguments: ["state", "screen"])
  func stateAndScreenOnASimulatorWithoutAgentExit69SayingHowToGetOne(_ command: String) throws {
    let world = try StandInDevices()
    defer { world.remove() }
    let result = try world.deeplink("--target", "simulator", command)
    #expect(result.status == 69, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "deeplink: error: \(command) needs the app's answer, and no app's deeplink agent answers on "
          + "--target simulator (embed DeepLinkAgent in the app's debug build, giving it the app's bundle id; "
          + "with several apps, --bundle-id chooses one)"), "\(result)")
    #expect(world.invocations() == [["xcrun", "simctl", "list", "devices", "-j"]], "the simulator is chosen")
  }

  @Test(arguments: ["state", "screen"])
  func stateAndScreenOnAnAndroidDeviceExit64ExplainingTheyNeedTheAgent(_ command: String) throws {
    let world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    defer { world.remove() }
    let result = try world.deeplink("--target", "android", command)
    #expect(result.status == 64, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "deeplink: error: \(command) needs the app's answer, which a link sent to --target android cannot give"
      ))
    #expect(world.invocations().isEmpty)
  }

  @Test func batchOverATargetChecksEveryLineFirstThenStopsAtTheFirstFailure() throws {
    let world = try StandInDevices(android: [AndroidDeliveryTests.pixel])
    defer { world.remove() }
    let wrong = try world.deeplink(
      ["--target", "android", "batch", "-"], input: "settings\nrecipe --id abc\n")
    #expect(wrong.status == 64, "\(wrong)")
    #expect(world.invocations().isEmpty)

    let result = try world.deeplink(
      ["--target", "android", "--package", "com.example.recipes", "batch", "-", "--quiet"],
      input: "settings\n# a comment\nrecipe --id 42\n",
      environment: [:])
    #expect(result.status == 0, "\(result)")
    #expect(world.invocations().count == 3, "one listing, two links: \(world.invocations())")
    #expect(world.urlReceivedByAm() == "debug://recipe?id=42")

    let failing = try world.deeplink(
      ["--target", "simulator", "batch", "-"], input: "settings\nrecipe --id 1\n",
      environment: ["STANDIN_SIMCTL_SCHEMES": "none"])
    #expect(failing.status == 65, "\(failing)")
    #expect(
      failing.stderr.hasPrefix("deeplink: error: line 1: no app on the simulator handles 'debug://' links"))
  }
}
