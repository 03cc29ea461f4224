import DeepLinkRoutes
import DeepLinkWire

/// A simulator's status bar, set for a tour's pictures and cleared after them.
extension DeviceBridge {
  /// The time a tour's pictures show in the status bar.
  static let statusBarTime = "9:41"

  /// What `xcrun simctl status_bar <UDID> override` is given before a tour's first picture,
  /// so that pictures compare from run to run: the time Apple shows in its own screenshots,
  /// full Wi-Fi and cellular bars, a full battery (`xcrun simctl help status_bar`, Xcode 11+;
  /// these very values in davdroman/macos-setup's `xcode.fish`, "Apple's defaults" in
  /// jessesquires/Nine41; EvanBacon/pillar-valley `scripts/screenshots.ts` sets them before
  /// its deep-link screenshots).
  static let statusBarOverride = [
    "--time", statusBarTime, "--dataNetwork", "wifi", "--wifiMode", "active", "--wifiBars", "3",
    "--cellularMode", "active", "--cellularBars", "4", "--batteryState", "charged", "--batteryLevel", "100",
  ]

  /// `xcrun simctl status_bar <UDID> override …` (``statusBarOverride``).
  ///
  /// - Throws: what a failed `simctl` command throws (69 for a simulator that went away).
  func overrideStatusBar(of device: ResolvedDevice) throws(DeviceFailure) {
    try runStatusBar(
      ["simctl", "status_bar", device.id, "override"] + Self.statusBarOverride, device)
  }

  /// `xcrun simctl status_bar <UDID> clear`; a failure is a warning on stderr that says how
  /// to clear it by hand, so that it never hides the tour's own outcome.
  func clearStatusBar(of device: ResolvedDevice) {
    let arguments = ["simctl", "status_bar", device.id, "clear"]
    do {
      try runStatusBar(arguments, device)
    } catch {
      context.err(
        "\(context.tool.name): warning: the status bar of \(device.description) is still set for "
          + "pictures (\(error.message(for: context.tool))); clear it with `xcrun \(arguments.joined(separator: " "))`\n"
      )
    }
  }

  private func runStatusBar(_ arguments: [String], _ device: ResolvedDevice)
    throws(DeviceFailure)
  {
    try runSimctl(arguments, on: device, runner: programRunner())
  }
}
