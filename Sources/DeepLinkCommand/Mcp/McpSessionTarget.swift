import DeepLinkRoutes
import DeepLinkWire

/// The target of every other command (`--target`, `DEEPLINK_TARGET`, else the app), reached
/// through the same functions as `deeplink <route>`, `state` and `screen`.
struct McpSessionTarget: McpTarget {
  /// The context of `deeplink mcp`: its options, table and services (aimed at a simulator
  /// app's agent once one answers).
  var context: CommandContext
  var target: DeliveryTarget
  /// The context of a simulator target as the command line gave it, for the `launch` tool;
  /// `nil` on other targets, which offer no `launch`.
  var launchContext: CommandContext? = nil
  /// With `--pictures`: the device whose screen each route tool's result shows.
  var pictureDevice: ResolvedDevice? = nil
  /// How each picture waits for the screen to stop changing.
  var settling = Settling()
  /// One connection to the app for the whole session.
  var connection = AppConnection()

  var acknowledges: Bool { target == .app && !context.options.dryRun }

  func open(_ link: Link) throws -> LinkOutcome {
    let url = context.table.url(for: link)
    if context.options.dryRun {
      return .delivered(
        report: "would run: "
          + context.devices.plannedCommands([url], to: target).joined(separator: "; "))
    }
    guard target == .app else {
      let runner = context.devices.programRunner()
      let device = try context.devices.resolve(target, runner: runner)
      try context.devices.deliver(url, to: device, runner: runner)
      return .delivered(
        report: "delivered \(url) to \(device.description); " + DeviceBridge.unacknowledged(device.kind))
    }
    // As `deeplink <route>` sends it (DeepLinkTool.send), over the session's connection. Its
    // length was checked with the longest deadline (McpServedTools.open), for every target.
    let request = AppSession.openRequest(url, timeoutMilliseconds: context.options.timeoutMilliseconds)
    let reply = try connection.request(request, app: context.app)
    guard let state = reply["state"] else {
      throw ClientFailure.badReply("the app acknowledged the link without its state")
    }
    return .applied(state: state)
  }

  func state() throws -> JSON {
    try context.devices.requireApp(for: StateCommand.name)
    guard let state = try connection.request(.state, app: context.app)["state"] else {
      throw ClientFailure.badReply("no state in the reply")
    }
    return state
  }

  var takesScreenshots: Bool { target != .app && !context.options.dryRun }

  /// A picture of the target's screen once it stopped changing, as `screen --png` takes it.
  func screenshot() throws -> McpScreenshot {
    let (_, shot) = try context.devices.settledScreenshot(of: target, settling: settling)
    return McpScreenshot(png: shot.screenshot.png, note: note(shot.outcome))
  }

  var takesPictures: Bool { pictureDevice != nil && !context.options.dryRun }

  /// A picture of the screen for a model (``McpPicture``), once it stopped changing.
  func picture() throws -> McpScreenshot {
    guard let device = pictureDevice else { return McpScreenshot(png: [], note: nil) }
    let shot = try context.devices.settledScreenshot(of: device, settling: settling)
    return McpScreenshot(png: try McpPicture.forModel(shot.screenshot), note: note(shot.outcome))
  }

  /// What a result says of a picture whose screen did not settle; `nil` for one that did.
  private func note(_ outcome: SettleOutcome) -> String? {
    guard outcome.settled == false else { return nil }
    return "the screen " + outcome.notSettled(settling)
      + ": the picture is the last, and may show it changing"
  }

  var offersLaunch: Bool { launchContext != nil }

  /// `launch` as `deeplink launch` runs it, with the simulator target of the command line.
  func launch(_ launch: SimulatorLaunch, progress: ((SimulatorLaunch.Step) -> Void)?) throws
    -> SimulatorLaunch.Outcome
  {
    guard let launchContext else { throw McpTargetLaunch.unavailable(target: target, tool: context.tool) }
    return try launch.run(in: launchContext, progress: progress)
  }

  /// The same delivery speaking `contents`, which came from `source`: links are built from
  /// the new table, and the kept connection compares replies with it.
  func serving(_ contents: RoutesFileContents, from source: TableSource) -> McpSessionTarget {
    var next = self
    next.context = context.serving(contents, from: source)
    next.launchContext = launchContext?.serving(contents, from: source)
    connection.adopt(contents.table.version)
    return next
  }

  func screen() throws -> String {
    try context.devices.requireApp(for: ScreenCommand.name)
    guard let screen = try connection.request(.screen, app: context.app)["screen"]?.stringValue
    else {
      throw ClientFailure.badReply("no screen in the reply")
    }
    return screen
  }
}
