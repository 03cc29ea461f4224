import DeepLinkRoutes
import Testing

@testable import DeepLinkCommand

/// `deeplink launch` with launch arguments, variables and a route, run in this process: what it
/// parses, prints with `--dry-run`, and refuses before any tool runs.
struct LaunchCommandTests {
  static let udid = "5B6D0A4E-1234-4E5F-9ABC-DEF012345678"
  static var shop: DeepLinkTool { InProcessCommandTests.shop }
  static let start = ["launch", "--target", "simulator:" + udid, "--bundle-id", "com.example.Shop"]

  @Test("--dry-run prints the variables, the xcrun line with the arguments in order, and the link")
  func aDryRunPrintsTheLaunchAndTheLink() {
    let devices = RecordedDevicePrograms { _ in (0, "") }
    let run = CommandRun(
      Self.start + [
        "--relaunch", "--env", "API_URL=http://localhost:8080/?a=b", "--arg", "-AppleLanguages", "--env",
        "GREETING=hello world", "--arg", "(fr)", "--env", "EMPTY=", "--arg=--verbose", "--dry-run", "product",
        "--sku", "7",
      ], tool: Self.shop, devices: devices)
    #expect(run.code == 0, "\(run.standardError)")
    #expect(
      run.standardOutput
        == "SIMCTL_CHILD_API_URL='http://localhost:8080/?a=b' SIMCTL_CHILD_GREETING='hello world' "
        + "SIMCTL_CHILD_EMPTY= xcrun simctl launch --terminate-running-process \(Self.udid) "
        + "com.example.Shop -AppleLanguages '(fr)' --verbose\n"
        + "then send shop://product?sku=7 to com.example.Shop's agent and wait for its acknowledgement\n")
    #expect(devices.commandLines.isEmpty)
  }

  @Test("without a route, --dry-run prints the launch line only, as before")
  func aDryRunWithoutARoute() {
    let run = CommandRun(Self.start + ["--dry-run"], tool: Self.shop)
    #expect(run.code == 0 && run.standardOutput == "xcrun simctl launch \(Self.udid) com.example.Shop\n")
  }

  @Test("the arguments follow the bundle id and each variable reaches xcrun's environment")
  func theToolGetsTheArgumentsAndVariables() {
    // `simctl launch` succeeds (no pid printed, so no process to watch); no agent answers
    // afterwards: 75 at the timeout.
    let devices = RecordedDevicePrograms { _ in (0, "") }
    let run = CommandRun(
      Self.start + ["--env", "A=1", "--arg", "x y", "--env", "A=2", "--timeout", "0.05", "cart"],
      tool: Self.shop, devices: devices)
    #expect(run.code == 75, "\(run.standardError)")
    #expect(devices.commandLines == [["xcrun", "simctl", "launch", Self.udid, "com.example.Shop", "x y"]])
    #expect(devices.addedEnvironments == [["SIMCTL_CHILD_A=2"]])
  }

  @Test(
    "a variable or argument that cannot reach the app is 64 before any tool runs",
    arguments: [
      (["--env", "API_URL"], "--env expects NAME=VALUE, got 'API_URL'"),
      (["--env", "1X=y"], "'1X' is not a variable name"),
      (["--env", "=y"], "the name is empty"),
      (["--env", "A=\u{0}"], "--env A: the value holds a NUL byte"),
      (["--arg", "ok", "--arg", "a\u{0}b"], "--arg #2 holds a NUL byte"),
      (["--env"], "--env needs a value"),
      (["--relaunch", "--relaunch"], "--relaunch is given twice"),
      (["recipee"], "unknown route 'recipee'"),
      (["product", "--sku", "1000"], "1000"),
      (["product", "--env", "A=1"], "unknown option '--env'"),
    ])
  func badInputIsAUsageError(_ words: [String], _ expected: String) {
    let devices = RecordedDevicePrograms { _ in (0, "") }
    let run = CommandRun(Self.start + words, tool: Self.shop, devices: devices)
    #expect(run.code == 64, "\(words): \(run.standardError)")
    #expect(run.standardError.contains(expected), "\(run.standardError)")
    #expect(run.standardOutput.isEmpty)
    #expect(devices.commandLines.isEmpty, "\(devices.commandLines)")
  }

  @Test("help declares --env and --arg repeatable, and the route after launch's options")
  func helpShowsTheRepeatableOptions() {
    let page = CommandRun(["help", "launch"], tool: Self.shop).standardOutput
    #expect(page.contains("--env <NAME=VALUE>..."), "\(page)")
    #expect(page.contains("--arg <value>..."), "\(page)")
    #expect(page.contains("launch --bundle-id <id> [<options>] [<route> ...]"), "\(page)")
  }
}
