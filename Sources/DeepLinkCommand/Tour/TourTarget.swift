/// Where a tour sends its links and takes its pictures.
struct TourTarget {
  /// The app each link is sent to over its socket (the app target, or a simulator app's
  /// agent): acknowledged, with the screen and state. `nil` when links go to ``device``
  /// unacknowledged (`simctl openurl`, `am start`), and only `--settle` says when to take the
  /// picture.
  var app: AppClient?
  /// The device of the pictures; `nil` on the app target, which has no pixels.
  var device: ResolvedDevice?
  /// The device as the page and `tour.json` name it.
  var deviceLabel: String?
  /// `--settle`: seconds to wait after each link before its picture.
  var settle: Double?
  /// Whether the simulator's status bar is set for the pictures (and cleared after them).
  var overridesStatusBar: Bool
}

extension TourTarget {
  /// Where the tour goes: the app target as every command reaches it; a simulator through its
  /// app's agent when one answers (``findAgent(udid:options:)``), its pictures by
  /// `simctl io`; a simulator with no agent, or an Android device, only with `--settle`.
  ///
  /// - Throws: ``DeviceFailure/unacknowledgedTour(_:)`` on a device whose app cannot
  ///   acknowledge, without `--settle`; what choosing the device throws.
  init(for request: TourRequest, in context: CommandContext) throws {
    let target = try context.devices.target()
    try request.checkOptions(on: target)
    switch target {
    case .app:
      _ = try context.devices.simulatorDevice()  // --bundle-id without a simulator: 64
      self.init(app: context.app, device: nil, settle: nil, overridesStatusBar: false)
    case .simulator(let device):
      let (udid, resolved) = try context.devices.simulatorUDID(device)
      let agent = try context.devices.findAgent(udid: udid)
      guard agent != nil || request.settle != nil else { throw DeviceFailure.unacknowledgedTour(target) }
      let simulator = resolved ?? ResolvedDevice(kind: .simulator, id: udid, name: udid)
      self.init(
        app: agent.map { context.aimed(at: $0.socket).app }, device: simulator,
        deviceLabel: resolved?.description ?? "simulator \(udid)", settle: request.settle,
        overridesStatusBar: !request.keepStatusBar)
    case .android, .device:  // a device, and Android without --settle: refused above
      _ = try context.devices.simulatorDevice()
      let device = try context.devices.resolve(target, runner: context.devices.programRunner())
      self.init(
        app: nil, device: device, deviceLabel: device.description, settle: request.settle,
        overridesStatusBar: false)
    }
  }

  /// Refuses (64) to check `recording` where it cannot match: pictures recorded and none to
  /// take now, or the other way round; screen texts recorded and no acknowledging app now
  /// (`--settle` without an agent), or the other way round. Every entry would differ, and the
  /// fix is the target the recording was made with.
  func checkFits(_ recording: TourRecording, at path: String, in context: CommandContext) throws {
    let target = try context.devices.target()
    let recordedPictures = recording.entries.contains { $0.pictureFile != nil }
    let recordedScreens = recording.entries.contains { $0.screenFile != nil }
    let recordedOn = recording.device.map { "on \($0)" } ?? "on the app target"
    let problem: String? =
      if recordedPictures, device == nil {
        "has a picture of each screen (recorded \(recordedOn)), and --target \(target.text) takes none; "
          + "check it with the --target it was recorded with"
      } else if !recordedPictures, device != nil {
        "has no pictures (recorded \(recordedOn)), and --target \(target.text) takes one of each screen; "
          + "check it on the target it was recorded on, or record a tour on \(target.text) first"
      } else if recordedScreens, app == nil {
        "has each screen's text, which only an app that acknowledges gives, and no app's deeplink agent "
          + "answers on --target \(target.text); "
          + (target.kind == .simulator
            ? "start the app with its agent (\(context.tool.name) launch --target \(target.text) --bundle-id <id>)"
            : "check it with the --target it was recorded with")
      } else if !recordedScreens, app != nil {
        "has no screen text (recorded \(recordedOn) with \(TourCommand.settleFlag) and no agent), and "
          + "the app on --target \(target.text) now acknowledges; record the tour again with --out"
      } else {
        nil
      }
    guard let problem else { return }
    throw UsageError.invalidUse("the recording in \(path) \(problem)", hint: nil)
  }
}
