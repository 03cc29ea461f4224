import DeepLinkWire

/// The `xcrun` command lines that drive a simulator, and what their results mean.
///
/// Behaviour relied on, as documented (no Mac ran these tests; see docs/simulators-and-devices.md):
/// - `simctl openurl <device> <URL>` opens the URL on that device; `booted` would pick any one
///   of several booted devices (`xcrun simctl help openurl`), so the UDID is always given.
/// - Failures are a non-zero exit and a message on stderr, whose exit numbers vary across
///   Xcode versions: the text decides, not the number.
enum SimulatorCommands {
  /// `simctl openurl <UDID> <URL>`.
  /// `simctl io <UDID> screenshot <FILE>`: a PNG of the simulator's screen, written to the file
  /// (`xcrun simctl io help`).
  static func screenshot(udid: String, to path: String) -> [String] {
    ["simctl", "io", udid, "screenshot", path]
  }

  /// `simctl bootstatus <UDID>`: returns once the simulator has booted (`xcrun simctl help
  /// bootstatus`).
  static func bootStatus(udid: String) -> [String] {
    ["simctl", "bootstatus", udid]
  }

  static func openURL(_ url: String, udid: String) -> [String] {
    ["simctl", "openurl", udid, url]
  }

  /// The defaults domain whose keys pre-approve a scheme for an app, so the first link does not
  /// stop at "Open in <App>?" (appandflow/stim#95, expo/eas-cli#4274).
  static let approvalDomain = "com.apple.launchservices.schemeapproval"

  /// `simctl spawn <UDID> defaults write com.apple.launchservices.schemeapproval
  /// "com.apple.CoreSimulator.CoreSimulatorBridge--><scheme>" -string <bundle id>`.
  static func approve(scheme: String, bundleID: String, udid: String) -> [String] {
    [
      "simctl", "spawn", udid, "defaults", "write", approvalDomain,
      "com.apple.CoreSimulator.CoreSimulatorBridge-->" + scheme, "-string", bundleID,
    ]
  }

  /// `simctl launch [--terminate-running-process] <UDID> <bundle id> [<argument>…]`: starts the
  /// installed app (with the flag, in a new process even when it runs) with `arguments` as its
  /// launch arguments, and prints `<bundle id>: <pid>`. `xcrun simctl help launch` (as quoted
  /// in ahcode0919/xcsimctl `Sources/App/Controllers/LaunchController.swift`; later Xcodes add
  /// `--terminate-running-process` among the options): "Usage: simctl launch [-w |
  /// --wait-for-debugger] [--console|--console-pty] [--stdout=<path>] [--stderr=<path>]
  /// <device> <app bundle identifier> [<argv 1> <argv 2> ... <argv n>]". The app's arguments
  /// come after the bundle id, so one that looks like an option (`-AppleLanguages`) reaches
  /// the app, not simctl.
  static func launch(_ bundleID: String, udid: String, relaunch: Bool, arguments: [String] = []) -> [String] {
    ["simctl", "launch"] + (relaunch ? ["--terminate-running-process"] : []) + [udid, bundleID] + arguments
  }

  /// The variables to add to the `xcrun simctl launch` process's environment so that the app
  /// gets `variables`: each as `SIMCTL_CHILD_NAME=VALUE` (``LaunchVariable``). A name given
  /// twice keeps its last value, as `env` does.
  static func launchEnvironment(_ variables: [LaunchVariable]) -> [String] {
    var seen: Set<String> = []
    return variables.reversed().filter { seen.insert($0.name).inserted }.reversed().map(\.childAssignment)
  }

  /// The bundle id of a `simctl launch` command line (after the flag and the UDID), if it is one.
  static func launchedBundleID(_ command: [String]) -> String? {
    guard command.count >= 4, command[0] == "simctl", command[1] == "launch" else { return nil }
    let index = command[2] == "--terminate-running-process" ? 4 : 3
    return index < command.count ? command[index] : nil
  }

  /// The pid in `simctl launch`'s `<bundle id>: <pid>` line, if it printed one.
  static func launchedPID(_ output: String, bundleID: String) -> Int32? {
    for line in output.split(separator: "\n") where line.hasPrefix(bundleID + ": ") {
      return Int32(String(line.dropFirst(bundleID.count + 2).filter { !$0.isWhitespace }))
    }
    return nil
  }

  /// What a failed `simctl openurl` (or `spawn`, `launch`) means, from its stderr.
  ///
  /// - `OSStatus error -10814` (`NSOSStatusErrorDomain, code=-10814`): no app registered the
  ///   scheme (expo/expo-cli#4181) → 65.
  /// - `code=405` / `Unable to lookup in current state: Shutdown`: the device shut down
  ///   (software-mansion/radon-ide#772); `Invalid device:` (quern-dev/quern#206); `No devices
  ///   are booted.` → 69.
  /// - `launch` of an app FrontBoard does not know (`is unknown to FrontBoard`,
  ///   decosoftware/deco-ide#298, flutter/flutter#9904): not installed there → 69.
  /// - Anything else → 70, with the tool's message.
  static func failure(
    of result: ChildProcess.Result, command: [String], scheme: String, device: SimulatorDevice
  ) -> DeviceFailure? {
    guard result.status != 0 else { return nil }
    let message = result.errorOutput + result.output
    // A simulator given by its UDID alone (no `simctl list` ran) has no name to show.
    let named = device.name.isEmpty ? device.udid : "\(device.label) \(device.udid)"
    if message.contains("-10814") {
      return .schemeNotRegistered(scheme: scheme, kind: .simulator, toolMessage: message)
    }
    if message.contains("unknown to FrontBoard"), let bundleID = launchedBundleID(command) {
      return .deviceUnavailable(
        "\(bundleID) on simulator \(named)",
        advice:
          "it is not installed there; install it (`xcrun simctl install \(device.udid) <path to the .app>`) "
          + "and retry", toolMessage: message)
    }
    let gone = ["code=405", "Unable to lookup in current state", "Invalid device", "No devices are booted"]
    if gone.contains(where: message.contains) {
      return .deviceUnavailable(
        "simulator \(named)",
        advice: "boot it again (`xcrun simctl boot \(device.udid)`) and retry", toolMessage: message)
    }
    return .toolFailed(["xcrun"] + command, status: result.status, toolMessage: message)
  }
}
