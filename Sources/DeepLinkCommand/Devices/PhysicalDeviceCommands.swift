import DeepLinkWire

/// The `xcrun devicectl` command lines for a physical iPhone or iPad, and what their failures
/// mean. devicectl was never run here; each behaviour's source is named beside it.
enum PhysicalDeviceCommands {
  /// `devicectl device process launch --device <ID> --terminate-existing --payload-url <URL>
  /// <bundle id>`: starts the app afresh and hands it the URL (Xcode 15+, iOS 17+; used so by
  /// youtube/cobalt and kaeawc/auto-mobile#2490, software-mansion/argent's `launchApp`). The URL
  /// is one argument of its own: no shell parses it.
  static func launch(_ url: String, bundleID: String, identifier: String) -> [String] {
    [
      "devicectl", "device", "process", "launch", "--device", identifier, "--terminate-existing",
      "--payload-url", url, bundleID,
    ]
  }

  /// What a failed `devicectl device process launch` means, from its output (its exit status is
  /// 1 for every failure: expo/expo `devicectl.test.ts`), or `nil` when it succeeded.
  ///
  /// - `BSErrorCodeDescription = Locked` (expo/expo
  ///   `packages/@expo/cli/src/start/platforms/ios/devicectl.ts` and its test's real output) → 69:
  ///   unlock the device.
  /// - `FBSApplicationLibrary`, `could not be found`, `not installed`: the app is not installed
  ///   (software-mansion/argent `devicectl.ts`) → 69.
  /// - `Developer Mode is disabled`, `developer disk image` (argent) → 69: turn Developer Mode on.
  /// - `must be paired` (argent) → 69: pair it.
  /// - `CoreDeviceError error 10002` with none of the above: a failed preflight check, a pending
  ///   prompt on the phone (argent; DioxusLabs/dioxus#5283) → 69.
  /// - anything else → 70 with the tool's message.
  static func failure(
    of result: ChildProcess.Result, command: [String], bundleID: String, device: PhysicalDevice
  ) -> DeviceFailure? {
    guard result.status != 0 else { return nil }
    let message = result.errorOutput + result.output
    let lower = message.lowercased()
    let what = "\(device.label) \(device.identifier)"
    let advice: String
    if lower.contains("bserrorcodedescription = locked") || lower.contains("could not be, unlocked") {
      advice = "it is locked; unlock it and retry"
    } else if ["fbsapplicationlibrary", "could not be found", "not installed"].contains(where: lower.contains)
    {
      return .deviceUnavailable(
        "\(bundleID) on \(what)",
        advice: "it is not installed there; install it (`xcrun devicectl device install app --device "
          + "\(device.identifier) <path to the .app>`, or Xcode's Run) and retry", toolMessage: message)
    } else if lower.contains("developer mode is disabled") || lower.contains("developer disk image") {
      advice =
        "turn on Developer Mode (Settings › Privacy & Security › Developer Mode), restart it, and retry"
    } else if lower.contains("must be paired") {
      advice = "pair it: connect it by cable, accept the Trust prompt and enter its passcode, then retry"
    } else if lower.contains("10002") {
      advice = "unlock it and keep its screen on; a pending prompt on the phone also blocks launches"
    } else {
      return .toolFailed(["xcrun"] + command, status: result.status, toolMessage: message)
    }
    return .deviceUnavailable(what, advice: advice, toolMessage: message)
  }
}
