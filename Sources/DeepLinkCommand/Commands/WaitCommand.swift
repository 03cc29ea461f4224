import DeepLinkRoutes
import DeepLinkWire

/// `deeplink wait`: Wait until an app is listening.
struct WaitCommand: ToolCommand, Equatable {
  static let name = "wait"
  static let synopsis = "[--timeout <seconds>] [--pid <pid>]"
  static let summary = "Wait until an app is listening"

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    "Returns as soon as an app is listening on the socket, for CI jobs that start the app in "
      + "the background. Exits 75 when --timeout runs out first. With a simulator or android "
      + "--target, waits until the device has booted and is ready (xcrun simctl bootstatus; "
      + "adb wait-for-device, then sys.boot_completed). With a simulator --target and a bundle "
      + "id (--bundle-id, $DEEPLINK_BUNDLE_ID or the routes file's ios.bundleId), waits instead "
      + "until that app's deeplink agent answers on the simulator, for an app that is starting."
  }

  static var options: [CommandOption] {
    [
      CommandOption(.timeout, help: "Give up after this many seconds, with exit code 75"),
      CommandOption(
        Self.pidFlag, .text, placeholder: "pid",
        help: "Fail at once, with exit code 69, when this process (the app started in the "
          + "background: $!) exits before it listens"),
      CommandOption(
        .bundleID, help: "With a simulator --target: wait for this app's agent, not for the boot"),
    ]
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    return [
      ("\(tool.name) wait --timeout 10", "waits up to 10 seconds for the app"),
      (
        "\(tool.name) wait --target simulator --bundle-id \(tool.exampleBundleID)",
        "waits until that app's agent answers on the booted simulator"
      ),
    ]
  }

  /// `--pid <pid>`.
  static let pidFlag = "--pid"
  /// Milliseconds between two reads of `sys.boot_completed` while `wait` waits for Android.
  static let bootPollMilliseconds = 250

  /// `--pid`: the app's process, whose exit ends the wait at once.
  let pid: Int32?

  init(pid: Int32? = nil) {
    self.pid = pid
  }

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {
    guard let text = arguments.values[Self.pidFlag] else {
      pid = nil
      return
    }
    guard let number = InvocationParser.decimalInteger(text), number > 0, let pid = Int32(exactly: number)
    else {
      throw .invalidValue(
        option: Self.pidFlag, value: text, expected: "a process id (a positive decimal integer)",
        in: .command(Self.name))
    }
    self.pid = pid
  }

  func run(in context: CommandContext) throws {
    let target = try context.devices.target()
    if let device = try context.devices.simulatorDevice(), !context.options.dryRun,
      let bundleID = try context.devices.bundleID()
    {
      // A simulator app's agent, not the simulator's boot.
      try context.devices.waitForSimulatorApp(
        bundleID, udid: try context.devices.simulatorUDID(device).udid, pid: pid)
      return
    }
    guard target == .app else {
      try waitForDevice(target, in: context)
      return
    }
    try waitForApp(in: context)
  }

  /// `deeplink wait`: connects as soon as an app listens, then pings it, so that an app that
  /// accepts connections but cannot answer (stopped, hung) is not reported ready.
  func waitForApp(in context: CommandContext) throws {
    let path = context.socketPath
    _ = try context.app.awaitApp(
      seconds: context.options.timeout ?? GlobalOptions.defaultTimeout, pid: pid,
      spentMilliseconds: context.options.spentMilliseconds)
    try context.write(
      context.options.json
        ? JSON.object([("listening", .bool(true)), ("socket", .string(path))]).serialized + "\n"
        : "an app is listening on \(path)\n")
  }

  /// `deeplink wait` on a simulator or Android target: returns once the device has booted and
  /// is ready, or exits 75 at `--timeout`.
  ///
  /// - Simulator: `xcrun simctl bootstatus <UDID>`, which returns once the device has booted.
  /// - Android: `adb [-s SERIAL] wait-for-device`, then `getprop sys.boot_completed` until it
  ///   reads 1 (the device answers adb well before the system has booted).
  func waitForDevice(_ target: DeliveryTarget, in context: CommandContext) throws {
    if target.kind == .device {
      throw DeviceFailure.wrongTarget(Self.name, target, expected: "the app, simulator and android targets")
    }
    if context.options.dryRun {
      try context.write(
        plannedWait(target, in: context).map(DeviceBridge.printable).joined(separator: "\n") + "\n")
      return
    }
    let runner = context.devices.programRunner()
    let ready = try bootedDevice(target, runner: runner, in: context)
    if !context.options.quiet { try context.write("\(ready.description) has booted and is ready\n") }
  }

  /// The simulator or Android device of `target` once it has booted and is ready (the steps
  /// of ``waitForDevice(_:in:)``).
  private func bootedDevice(_ target: DeliveryTarget, runner: DeviceProgramRunner, in context: CommandContext)
    throws(DeviceFailure) -> ResolvedDevice
  {
    switch target {
    case .app, .device:
      preconditionFailure("the app target is served over the socket; a device is refused above")
    case .simulator(let device):
      let list = try runner.run(.xcrun, SimulatorDevice.listArguments)
      guard list.status == 0 else {
        throw .toolFailed(
          ["xcrun"] + SimulatorDevice.listArguments, status: list.status, toolMessage: list.errorOutput)
      }
      let chosen = try SimulatorDevice.selectForWait(
        device, among: SimulatorDevice.parseList(list.standardOutput))
      let arguments = SimulatorCommands.bootStatus(udid: chosen.udid)
      do throws(DeviceFailure) {
        let result = try runner.run(.xcrun, arguments)
        let simulator = chosen
        if result.status != 0 {
          throw SimulatorCommands.failure(
            of: result, command: arguments, scheme: context.table.scheme, device: simulator)
            ?? .toolFailed(["xcrun"] + arguments, status: result.status, toolMessage: result.errorOutput)
        }
      } catch .timedOut(_, _) {
        throw .notReady(
          "simulator \(chosen.label) \(chosen.udid)", seconds: runner.seconds,
          advice:
            "it is \(chosen.state); boot it with `xcrun simctl boot \(chosen.udid)` or raise --timeout")
      }
      return ResolvedDevice(kind: .simulator, id: chosen.udid, name: chosen.label)
    case .android(let serial):
      var serial = serial ?? context.devices.androidSerial
      let waitArguments = AndroidCommands.waitForDevice(serial: serial)
      do throws(DeviceFailure) {
        let result = try runner.run(.adb, waitArguments)
        if let failure = AndroidCommands.failure(
          of: result, command: waitArguments, scheme: context.table.scheme, serial: serial ?? "",
          tool: context.tool.name)
        {
          throw failure
        }
      } catch .timedOut(_, _) {
        throw .notReady(
          serial.map { "Android device " + $0 } ?? "An Android device", seconds: runner.seconds,
          advice: "none came: start an emulator or attach a phone with USB debugging on, or raise --timeout"
        )
      }
      if serial == nil {
        let list = try runner.run(.adb, AndroidDevice.listArguments)
        serial = try AndroidDevice.select(among: AndroidDevice.parseList(list.output)).serial
      }
      let chosen = serial ?? ""
      let arguments = AndroidCommands.bootCompleted(serial: chosen)
      while true {
        let result: ChildProcess.Result
        do throws(DeviceFailure) {
          result = try runner.run(.adb, arguments)
        } catch .timedOut(_, _) {
          throw .notReady(
            "Android device \(chosen)", seconds: runner.seconds,
            advice: "it is still booting; raise --timeout")
        }
        if let failure = AndroidCommands.failure(
          of: result, command: arguments, scheme: context.table.scheme, serial: chosen,
          tool: context.tool.name)
        {
          throw failure
        }
        if result.output.split(whereSeparator: \.isWhitespace) == ["1"] { break }
        guard runner.deadline.remainingMilliseconds > Int64(Self.bootPollMilliseconds) else {
          throw .notReady(
            "Android device \(chosen)", seconds: runner.seconds,
            advice: "it is still booting; raise --timeout")
        }
        BinaryFile.pause(milliseconds: Self.bootPollMilliseconds)
      }
      return ResolvedDevice(kind: .android, id: chosen, name: chosen)
    }
  }

  /// The commands `wait --dry-run` prints.
  func plannedWait(_ target: DeliveryTarget, in context: CommandContext) -> [[String]] {
    switch target {
    case .app, .device: []
    case .simulator(let device):
      if let device, SimulatorDevice.looksLikeUDID(device) {
        [["xcrun"] + SimulatorCommands.bootStatus(udid: device)]
      } else {
        [
          ["xcrun"] + SimulatorDevice.listArguments,
          ["xcrun"] + SimulatorCommands.bootStatus(udid: DeviceBridge.udidPlaceholder),
        ]
      }
    case .android(let serial):
      if let serial = serial ?? context.devices.androidSerial {
        [
          ["adb"] + AndroidCommands.waitForDevice(serial: serial),
          ["adb"] + AndroidCommands.bootCompleted(serial: serial),
        ]
      } else {
        [
          ["adb"] + AndroidCommands.waitForDevice(serial: nil), ["adb"] + AndroidDevice.listArguments,
          ["adb"]
            + AndroidCommands.bootCompleted(serial: DeviceBridge.serialPlaceholder),
        ]
      }
    }
  }
}
