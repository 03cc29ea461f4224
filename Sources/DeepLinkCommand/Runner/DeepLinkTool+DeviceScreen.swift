import DeepLinkWire

extension DeepLinkTool {
  /// Seconds between two reads of `sys.boot_completed` while `wait` waits for Android.
  static let bootPollMilliseconds = 250

  /// `deeplink wait` on a simulator or Android target: returns once the device has booted and
  /// is ready, or exits 75 at `--timeout`.
  ///
  /// - Simulator: `xcrun simctl bootstatus <UDID>`, which returns once the device has booted.
  /// - Android: `adb [-s SERIAL] wait-for-device`, then `getprop sys.boot_completed` until it
  ///   reads 1 (the device answers adb well before the system has booted).
  func waitForDevice(_ target: DeliveryTarget, options: GlobalOptions) throws(ClientFailure) {
    if target.kind == .device {
      throw .device(.wrongTarget(.wait, target, expected: "the app, simulator and android targets"))
    }
    if options.dryRun {
      try write(plannedWait(target).map(Self.printable).joined(separator: "\n") + "\n")
      return
    }
    let runner = toolRunner(options)
    let ready: ResolvedDevice
    do throws(DeviceFailure) {
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
        let arguments = ["simctl", "bootstatus", chosen.udid]
        do throws(DeviceFailure) {
          let result = try runner.run(.xcrun, arguments)
          let simulator = chosen
          if result.status != 0 {
            throw SimulatorCommands.failure(
              of: result, command: arguments, scheme: table.scheme, device: simulator)
              ?? .toolFailed(["xcrun"] + arguments, status: result.status, toolMessage: result.errorOutput)
          }
        } catch .timedOut(_, _) {
          throw .notReady(
            "simulator \(chosen.label) \(chosen.udid)", seconds: runner.seconds,
            advice:
              "it is \(chosen.state); boot it with `xcrun simctl boot \(chosen.udid)` or raise --timeout")
        }
        ready = ResolvedDevice(kind: .simulator, id: chosen.udid, name: chosen.label)
      case .android(let serial):
        var serial = serial ?? androidSerial
        let waitArguments = (serial.map { ["-s", $0] } ?? []) + ["wait-for-device"]
        do throws(DeviceFailure) {
          let result = try runner.run(.adb, waitArguments)
          if let failure = AndroidCommands.failure(
            of: result, command: waitArguments, scheme: table.scheme, serial: serial ?? "")
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
        let arguments = AndroidCommands.shell("getprop sys.boot_completed", serial: chosen)
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
            of: result, command: arguments, scheme: table.scheme, serial: chosen)
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
        ready = ResolvedDevice(kind: .android, id: chosen, name: chosen)
      }
    } catch {
      throw .device(error)
    }
    if !options.quiet { try write("\(ready.description) has booted and is ready\n") }
  }

  /// The commands `wait --dry-run` prints.
  func plannedWait(_ target: DeliveryTarget) -> [[String]] {
    switch target {
    case .app, .device: []
    case .simulator(let device):
      if let device, SimulatorDevice.looksLikeUDID(device) {
        [["xcrun", "simctl", "bootstatus", device]]
      } else {
        [["xcrun"] + SimulatorDevice.listArguments, ["xcrun", "simctl", "bootstatus", Self.udidPlaceholder]]
      }
    case .android(let serial):
      if let serial = serial ?? androidSerial {
        [
          ["adb", "-s", serial, "wait-for-device"],
          ["adb"] + AndroidCommands.shell("getprop sys.boot_completed", serial: serial),
        ]
      } else {
        [
          ["adb", "wait-for-device"], ["adb"] + AndroidDevice.listArguments,
          ["adb"] + AndroidCommands.shell("getprop sys.boot_completed", serial: Self.serialPlaceholder),
        ]
      }
    }
  }

  /// `deeplink screen --png FILE` on a simulator or Android target: `xcrun simctl io <UDID>
  /// screenshot`, or `adb -s SERIAL exec-out screencap -p`, until two in a row match
  /// (``Settling``), the last written to FILE. The picture counterpart of the headless app's
  /// text screen. A screen that never settled is saved all the same, with a warning.
  func saveScreenshot(to path: String, settling: Settling = Settling(), options: GlobalOptions)
    throws(ClientFailure)
  {
    let target = try target(options)
    guard target != .app else { throw .device(.noPixels) }
    try requireScreenshotTarget(target)
    if options.dryRun {
      let commands: [String]
      switch target {
      case .simulator(let device):
        let udid = device.flatMap { SimulatorDevice.looksLikeUDID($0) ? $0 : nil }
        commands =
          (udid == nil ? [Self.printable(["xcrun"] + SimulatorDevice.listArguments)] : [])
          + [Self.printable(["xcrun", "simctl", "io", udid ?? Self.udidPlaceholder, "screenshot", path])]
      default:
        let serial: String? = if case .android(let serial) = target { serial ?? androidSerial } else { nil }
        commands =
          (serial == nil ? [Self.printable(["adb"] + AndroidDevice.listArguments)] : [])
          + [
            Self.printable(["adb", "-s", serial ?? Self.serialPlaceholder, "exec-out", "screencap", "-p"])
              + " > " + ShellQuoting.quote(path)
          ]
      }
      try write(commands.joined(separator: "\n") + "\n")
      return
    }
    let (device, shot) = try settledScreenshot(of: target, settling: settling, options: options)
    do throws(Errno) {
      try BinaryFile.write(shot.screenshot.png, to: path)
    } catch {
      throw .device(.cannotWrite(path, error))
    }
    if shot.outcome.settled == false {
      streams.err(
        "\(ToolName.current): warning: the screen of \(device.description) "
          + shot.outcome.notSettled(settling) + "; \(path) holds the last\n")
    }
    if !options.quiet { try write("saved a screenshot of \(device.description) to \(path)\n") }
  }

  /// A picture of `target`, a simulator or Android target, once its screen stopped changing,
  /// and the device it came from: `screen --png FILE` and the `screenshot` tool of
  /// `deeplink mcp`.
  func settledScreenshot(of target: DeliveryTarget, settling: Settling, options: GlobalOptions)
    throws(ClientFailure) -> (ResolvedDevice, SettledScreenshot)
  {
    try requireScreenshotTarget(target)
    let device = try resolve(target, runner: toolRunner(options))
    return (device, try settledScreenshot(of: device, settling: settling, options: options))
  }

  /// Takes a screenshot of `device`, already resolved, into the file `path`: each picture of
  /// a tour.
  func captureScreenshot(of device: ResolvedDevice, to path: String, runner: DeviceToolRunner)
    throws(ClientFailure)
  {
    do throws(DeviceFailure) {
      switch device.kind {
      case .simulator:
        try runSimctl(["simctl", "io", device.id, "screenshot", path], on: device, runner: runner)
      default:
        let arguments = ["-s", device.id, "exec-out", "screencap", "-p"]
        let result = try runner.run(.adb, arguments)
        if let failure = AndroidCommands.failure(
          of: result, command: arguments, scheme: table.scheme, serial: device.id)
        {
          throw failure
        }
        guard result.standardOutput.starts(with: Self.pngSignature) else {
          throw .notAScreenshot(
            ["adb"] + arguments, toolMessage: result.errorOutput + result.output.prefix(200))
        }
        do throws(Errno) {
          try BinaryFile.write(result.standardOutput, to: path)
        } catch {
          throw .cannotWrite(path, error)
        }
      }
    } catch {
      throw .device(error)
    }
  }

  /// Fails with exit 64 for an iPhone or iPad: screenshots come from simctl and adb only.
  func requireScreenshotTarget(_ target: DeliveryTarget) throws(ClientFailure) {
    guard target.kind == .device else { return }
    throw .device(.wrongTarget(.screen, target, expected: "simulator and android targets for --png"))
  }

  /// Runs `xcrun ARGUMENTS` for the booted simulator `device`: a status other than 0 is
  /// the failure `simctl` reported (a simulator that went away: 69), else the tool's own.
  func runSimctl(_ arguments: [String], on device: ResolvedDevice, runner: DeviceToolRunner)
    throws(DeviceFailure)
  {
    let result = try runner.run(.xcrun, arguments)
    guard result.status != 0 else { return }
    let simulator = SimulatorDevice(
      udid: device.id, name: device.name, state: "Booted", runtime: "", isAvailable: true)
    throw SimulatorCommands.failure(of: result, command: arguments, scheme: table.scheme, device: simulator)
      ?? .toolFailed(["xcrun"] + arguments, status: result.status, toolMessage: result.errorOutput)
  }

  /// The eight bytes every PNG file starts with.
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
