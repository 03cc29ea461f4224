import DeepLinkRoutes
import DeepLinkWire

/// `deeplink launch`: Start an app on a simulator and wait until its agent answers.
struct LaunchCommand: ToolCommand {
  static let name = "launch"
  static let synopsis = "--bundle-id <id> [--relaunch]"
  static let summary = "Start an app on a simulator and wait until its agent answers"

  static func details(for table: RouteTable) -> String {
    "Starts the app with this bundle id on a simulator (xcrun simctl launch <UDID> <id>), then "
      + "waits as 'wait --bundle-id' does until its deeplink agent answers, and prints the app "
      + "it reached; with --json, 'socket', 'bundleId', 'simulatorUdid' and 'pid'. With "
      + "--relaunch, a running app is stopped first (--terminate-running-process), so that the "
      + "app starts from a fresh process: a clean state for a test or a screenshot run. The "
      + "bundle id also comes from $DEEPLINK_BUNDLE_ID or the routes file's ios.bundleId; the "
      + "target is the one booted simulator unless --target names one. Exits 75 when the "
      + "agent does not answer within --timeout (default 30), 69 at once when the app's "
      + "process exits first or the app is not installed."
  }

  static var options: [CommandOption] {
    [
      CommandOption(.bundleID, help: "The app to start"),
      CommandOption(Self.relaunchFlag, help: "Stop the app first if it runs, so that it starts afresh"),
      CommandOption(.target, help: "The simulator (default: the one booted)"),
      CommandOption(.timeout, help: "How long to wait for the app's agent, with exit code 75 (default 30)"),
    ]
  }

  static func examples(in table: RouteTable) -> [(String, String)] {
    return [
      (
        "\(ToolName.current) launch --target simulator --bundle-id \(ToolName.exampleBundleID) --relaunch",
        "starts the app afresh on the booted simulator and waits for its agent"
      )
    ]
  }

  /// `--relaunch`.
  static let relaunchFlag = "--relaunch"

  /// `--relaunch`: stop the app first if it runs.
  let relaunch: Bool

  init(relaunch: Bool = false) {
    self.relaunch = relaunch
  }

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {
    relaunch = arguments.has(Self.relaunchFlag)
  }

  /// `deeplink launch --target simulator[:DEVICE] --bundle-id ID [--relaunch]`: `xcrun simctl
  /// launch [--terminate-running-process] <UDID> <ID>`, then ``DeviceBridge/waitForSimulatorApp(_:udid:pid:)``
  /// with the pid simctl printed, so that an app that dies at start-up fails at once (69).
  ///
  /// - Throws: 64 without a bundle id or with a target that is no simulator; what choosing the
  ///   simulator, `simctl launch` (69 when the app is not installed) and the wait throw.
  func run(in context: CommandContext) throws {
    let target = try context.devices.target()
    guard case .simulator(let device) = target else {
      throw DeviceFailure.wrongTarget(
        Self.name, target, expected: "simulator targets (simulator or simulator:DEVICE)")
    }
    let bundleID = try context.devices.requiredBundleID(for: Self.name)
    if context.options.dryRun {
      let udid = device.flatMap { SimulatorDevice.looksLikeUDID($0) ? $0 : nil }
      let commands =
        (udid == nil ? [["xcrun"] + SimulatorDevice.listArguments] : [])
        + [
          ["xcrun"]
            + SimulatorCommands.launch(
              bundleID, udid: udid ?? DeviceBridge.udidPlaceholder, relaunch: relaunch)
        ]
      try context.write(commands.map(DeviceBridge.printable).joined(separator: "\n") + "\n")
      return
    }
    // A UDID is used as it is (simctl launch names an unknown or shut-down one itself), else
    // the simulator is chosen from `simctl list`.
    let (udid, simulator) = try context.devices.simulatorUDID(device)
    let runner = context.devices.toolRunner()
    let arguments = SimulatorCommands.launch(bundleID, udid: udid, relaunch: relaunch)
    let result = try runner.run(.xcrun, arguments)
    let chosen = SimulatorDevice(
      udid: udid, name: simulator?.name ?? "", state: "Booted", runtime: "", isAvailable: true)
    if let failure = SimulatorCommands.failure(
      of: result, command: arguments, scheme: context.table.scheme, device: chosen)
    {
      throw failure
    }
    let pid = SimulatorCommands.launchedPID(result.output, bundleID: bundleID)
    try context.devices.waitForSimulatorApp(bundleID, udid: udid, pid: pid)
  }
}
