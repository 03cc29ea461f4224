import DeepLinkWire
import Pictures

/// Where a tour sends its links and takes its pictures.
struct TourTarget {
  /// The options each link is sent with over an app's socket (the app target, or a simulator
  /// app's agent): acknowledged, with the screen and state. `nil` when links go to ``device``
  /// unacknowledged (`simctl openurl`, `am start`), and only `--settle` says when to take the
  /// picture.
  var appOptions: GlobalOptions?
  /// The device of the pictures; `nil` on the app target, which has no pixels.
  var device: ResolvedDevice?
  /// The device as the page and `tour.json` name it.
  var deviceLabel: String?
  /// `--settle`: seconds to wait after each link before its picture.
  var settle: Double?
  /// Whether the simulator's status bar is set for the pictures (and cleared after them).
  var overridesStatusBar: Bool
}

extension DeepLinkTool {
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

  /// What a tour refuses before anything runs, `--dry-run` included: a connected iPhone or
  /// iPad (devicectl takes no screenshot, and its app cannot acknowledge); Android without
  /// `--settle` (its app cannot acknowledge); `--settle` and `--keep-status-bar` on the app
  /// target (no pictures), `--keep-status-bar` on Android (no status bar is set there).
  func checkTourOptions(_ request: TourRequest, target: DeliveryTarget) throws(ClientFailure) {
    switch target.kind {
    case .device:
      throw .device(.wrongTarget(.tour, target, expected: "the app, simulator and android targets"))
    case .android where request.settle == nil: throw .device(.unacknowledgedTour(target))
    default: break
    }
    if target == .app, request.settle != nil {
      throw .usage(
        BuiltInCommand.settleFlag
          + " waits before each picture, and the app target has no pixels; give --target "
          + "simulator or --target android to record pictures", hint: nil)
    }
    if target == .app, request.settling.timeout != nil {
      throw .usage(
        BuiltInCommand.settleTimeoutFlag
          + " is how long each picture waits for the screen to settle, and the app target has no pixels; "
          + "give --target simulator or --target android to record pictures", hint: nil)
    }
    if target == .app, request.settling.tolerance != nil, request.check == nil {
      throw .usage(
        BuiltInCommand.toleranceFlag
          + " compares pictures (in a check, and two screenshots in a row), and the app target records "
          + "none; give --target simulator or --target android, or --check <dir>", hint: nil)
    }
    if target.kind != .simulator, request.keepStatusBar {
      throw .usage(
        BuiltInCommand.keepStatusBarFlag
          + " is for a simulator target, whose status bar a tour sets; not --target \(target.text)",
        hint: nil)
    }
  }

  /// Where the tour goes: the app target as every command reaches it; a simulator through its
  /// app's agent when one answers (``findAgent(udid:options:)``), its pictures by
  /// `simctl io`; a simulator with no agent, or an Android device, only with `--settle`.
  ///
  /// - Throws: ``DeviceFailure/unacknowledgedTour(_:)`` on a device whose app cannot
  ///   acknowledge, without `--settle`; what choosing the device throws.
  func tourTarget(_ request: TourRequest, options: GlobalOptions) throws(ClientFailure) -> TourTarget {
    let target = try target(options)
    try checkTourOptions(request, target: target)
    switch target {
    case .app:
      _ = try simulatorDevice(options)  // --bundle-id without a simulator: 64
      return TourTarget(appOptions: options, device: nil, settle: nil, overridesStatusBar: false)
    case .simulator(let device):
      let (udid, resolved) = try simulatorUDID(device, options: options)
      let agent = try findAgent(udid: udid, options: options)
      guard agent != nil || request.settle != nil else { throw .device(.unacknowledgedTour(target)) }
      let simulator = resolved ?? ResolvedDevice(kind: .simulator, id: udid, name: udid)
      return TourTarget(
        appOptions: agent.map { options.aimed(at: $0.socket) }, device: simulator,
        deviceLabel: resolved?.description ?? "simulator \(udid)", settle: request.settle,
        overridesStatusBar: !request.keepStatusBar)
    case .android, .device:  // a device, and Android without --settle: refused above
      _ = try simulatorDevice(options)
      let device = try resolve(target, runner: toolRunner(options))
      return TourTarget(
        appOptions: nil, device: device, deviceLabel: device.description, settle: request.settle,
        overridesStatusBar: false)
    }
  }

  /// Refuses (64) to check `recording` where it cannot match: pictures recorded and none to
  /// take now, or the other way round; screen texts recorded and no acknowledging app now
  /// (`--settle` without an agent), or the other way round. Every entry would differ, and the
  /// fix is the target the recording was made with.
  func checkRecordingFits(
    _ recording: TourRecording, at path: String, _ place: TourTarget, options: GlobalOptions
  )
    throws(ClientFailure)
  {
    let target = try target(options)
    let recordedPictures = recording.entries.contains { $0.pictureFile != nil }
    let recordedScreens = recording.entries.contains { $0.screenFile != nil }
    let recordedOn = recording.device.map { "on \($0)" } ?? "on the app target"
    let problem: String? =
      if recordedPictures, place.device == nil {
        "has a picture of each screen (recorded \(recordedOn)), and --target \(target.text) takes none; "
          + "check it with the --target it was recorded with"
      } else if !recordedPictures, place.device != nil {
        "has no pictures (recorded \(recordedOn)), and --target \(target.text) takes one of each screen; "
          + "check it on the target it was recorded on, or record a tour on \(target.text) first"
      } else if recordedScreens, place.appOptions == nil {
        "has each screen's text, which only an app that acknowledges gives, and no app's deeplink agent "
          + "answers on --target \(target.text); "
          + (target.kind == .simulator
            ? "start the app with its agent (\(ToolName.current) launch --target \(target.text) --bundle-id <id>)"
            : "check it with the --target it was recorded with")
      } else if !recordedScreens, place.appOptions != nil {
        "has no screen text (recorded \(recordedOn) with \(BuiltInCommand.settleFlag) and no agent), and "
          + "the app on --target \(target.text) now acknowledges; record the tour again with --out"
      } else {
        nil
      }
    guard let problem else { return }
    throw .usage("the recording in \(path) \(problem)", hint: nil)
  }

  /// `xcrun simctl status_bar <UDID> override …` (``statusBarOverride``).
  ///
  /// - Throws: what a failed `simctl` command throws (69 for a simulator that went away).
  func overrideStatusBar(of device: ResolvedDevice, options: GlobalOptions) throws(ClientFailure) {
    try runStatusBar(
      ["simctl", "status_bar", device.id, "override"] + Self.statusBarOverride, device, options)
  }

  /// `xcrun simctl status_bar <UDID> clear`; a failure is a warning on stderr that says how
  /// to clear it by hand, so that it never hides the tour's own outcome.
  func clearStatusBar(of device: ResolvedDevice, options: GlobalOptions) {
    let arguments = ["simctl", "status_bar", device.id, "clear"]
    do {
      try runStatusBar(arguments, device, options)
    } catch {
      streams.err(
        "\(ToolName.current): warning: the status bar of \(device.description) is still set for "
          + "pictures (\(error.message)); clear it with `xcrun \(arguments.joined(separator: " "))`\n")
    }
  }

  private func runStatusBar(_ arguments: [String], _ device: ResolvedDevice, _ options: GlobalOptions)
    throws(ClientFailure)
  {
    do throws(DeviceFailure) {
      try runSimctl(arguments, on: device, runner: toolRunner(options))
    } catch {
      throw .device(error)
    }
  }

  /// A picture of `device` now: taken into a new file of a private temporary folder (both
  /// removed after), read, and decoded by ``PNGDecoder``.
  ///
  /// - Throws: what taking a screenshot throws; 70 when the tool gave no PNG.
  func screenshot(of device: ResolvedDevice, options: GlobalOptions) throws(ClientFailure) -> Screenshot {
    let made: (folder: String, file: String)
    do throws(Errno) {
      made = try BinaryFile.makePrivateFile(named: "screen", suffix: ".png")
    } catch {
      throw .device(.cannotWrite("a temporary file", error))
    }
    defer { BinaryFile.removePrivateFile(made.file, in: made.folder) }
    try captureScreenshot(of: device, to: made.file, runner: toolRunner(options))
    let bytes: [UInt8]
    do throws(Errno) {
      bytes = try BinaryFile.read(made.file)
    } catch {
      throw .device(.cannotRead(made.file, error))
    }
    do {
      return Screenshot(png: bytes, picture: try PNGDecoder.decode(bytes))
    } catch {
      let command =
        device.kind == .simulator
        ? ["xcrun", "simctl", "io", device.id, "screenshot", made.file]
        : ["adb", "-s", device.id, "exec-out", "screencap", "-p"]
      throw .device(.notAScreenshot(command, toolMessage: error.message))
    }
  }

  /// A picture of `device` once its screen stopped changing (``ScreenSettling``): every
  /// picture deeplink takes. A stop signal held during a tour ends the wait at once.
  ///
  /// - Throws: what taking a screenshot throws.
  func settledScreenshot(of device: ResolvedDevice, settling: Settling, options: GlobalOptions)
    throws(ClientFailure) -> SettledScreenshot
  {
    try ScreenSettling.settle(
      settling, now: { Clocks.monotonicMilliseconds }, interrupted: { HeldSignals.pending }
    ) { () throws(ClientFailure) in try screenshot(of: device, options: options) }
  }
}
