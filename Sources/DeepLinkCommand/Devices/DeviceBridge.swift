import DeepLinkRoutes
import DeepLinkWire
import Pictures

/// Simulators, iPhones and Android devices, reached through `xcrun` and `adb`: choosing the
/// device a target means, delivering links, screenshots, and the simulator app's agent.
struct DeviceBridge {
  /// The command's context: its options, environment and table.
  let context: CommandContext

  /// The variables device targets read: `DEEPLINK_TARGET`, `ANDROID_SERIAL`, `PATH`.
  static let deviceEnvironmentVariables = [
    DeliveryTarget.variable, AndroidDevice.serialVariable, DeviceProgram.pathVariable,
  ]

  /// The target of this run: `--target`, else `DEEPLINK_TARGET`, else the app.
  func target() throws(DeviceFailure) -> DeliveryTarget {
    if let target = context.options.target { return target }
    guard let text = context.environmentValue(DeliveryTarget.variable.name), !text.isEmpty else {
      return .app
    }
    guard let target = DeliveryTarget(parsing: text) else {
      throw DeviceFailure.invalidEnvironment(
        name: DeliveryTarget.variable.name, value: text, expected: DeliveryTarget.forms)
    }
    return target
  }

  /// Fails with exit 64 when a link goes to an iPhone or iPad and no bundle id is known:
  /// `devicectl device process launch` opens a URL in the app it names.
  func requireBundleID(for target: DeliveryTarget) throws(DeviceFailure) {
    guard target.kind == .device, try bundleID() == nil else { return }
    throw DeviceFailure.bundleIDNeeded(target)
  }

  /// Fails with exit 64 when `command` needs the app's answers but the target is a device.
  func requireApp(for command: String) throws(DeviceFailure) {
    let target = try target()
    guard target == .app else { throw DeviceFailure.needsAgent(command, target) }
  }

  /// `ANDROID_SERIAL`, when set and not empty.
  var androidSerial: String? {
    context.environmentValue(AndroidDevice.serialVariable.name).flatMap { $0.isEmpty ? nil : $0 }
  }

  func programRunner() -> DeviceProgramRunner {
    let seconds = context.options.timeout ?? GlobalOptions.defaultDeviceTimeout
    return DeviceProgramRunner(
      path: context.environmentValue(DeviceProgram.pathVariable.name),
      deadline: .after(milliseconds: Int(seconds * 1000)),
      seconds: seconds, launcher: context.deviceLauncher)
  }

  /// The simulator or Android device `target` means now.
  func resolve(_ target: DeliveryTarget, runner: DeviceProgramRunner) throws(DeviceFailure) -> ResolvedDevice
  {
    switch target {
    case .app:
      preconditionFailure("the app target is served over the socket")
    case .simulator(let device):
      let list = try runner.run(.xcrun, SimulatorDevice.listArguments)
      guard list.status == 0 else {
        throw DeviceFailure.toolFailed(
          ["xcrun"] + SimulatorDevice.listArguments, status: list.status,
          toolMessage: list.errorOutput + list.output)
      }
      let chosen = try SimulatorDevice.select(device, among: SimulatorDevice.parseList(list.standardOutput))
      return ResolvedDevice(kind: .simulator, id: chosen.udid, name: chosen.label)
    case .device(let wanted):
      let chosen = try PhysicalDevice.select(wanted, among: PhysicalDevice.list(runner: runner))
      return ResolvedDevice(kind: .device, id: chosen.identifier, name: chosen.label)
    case .android(let serial):
      // `-s` wins over ANDROID_SERIAL, which wins over the one attached device, as in adb.
      if let serial = serial ?? androidSerial {
        return ResolvedDevice(kind: .android, id: serial, name: serial)
      }
      let list = try runner.run(.adb, AndroidDevice.listArguments)
      guard list.status == 0 else {
        throw DeviceFailure.toolFailed(
          ["adb"] + AndroidDevice.listArguments, status: list.status,
          toolMessage: list.errorOutput + list.output)
      }
      let chosen = try AndroidDevice.select(among: AndroidDevice.parseList(list.output))
      return ResolvedDevice(kind: .android, id: chosen.serial, name: chosen.model ?? chosen.serial)
    }
  }

  /// How long `--target <TAB>` may spend asking each tool, unless
  /// `DEEPLINK_COMPLETION_TIMEOUT_MS` says otherwise; with neither installed, nothing is started
  /// and the answer is immediate.
  static let targetCompletionBudgetMilliseconds = 500

  /// `deeplink __complete targets`: the kinds, then the simulators and devices found within
  /// the budget; never the app's socket (the kinds already offer `app`), never an error.
  func targetCompletionLines() -> [String] {
    let path = context.environmentValue(DeviceProgram.pathVariable.name)
    let launcher = context.deviceLauncher
    let budget = CompletionCallback.budget(
      context.environmentValue(CompletionCallback.budgetVariable.name),
      default: Self.targetCompletionBudgetMilliseconds)
    return TargetListing.discover(socket: nil, tool: context.tool) {
      DeviceProgramRunner(
        path: path, deadline: .after(milliseconds: budget), seconds: Double(budget) / 1000,
        launcher: launcher)
    }.completionLines
  }

  /// The bundle id of the simulator app whose agent gets links, when `--bundle-id` is not given.
  package static let bundleIDVariable = EnvironmentVariable(
    "DEEPLINK_BUNDLE_ID",
    summary: "With a simulator or device target: the app that gets links (as --bundle-id)")

  /// The app on a simulator target: `--bundle-id`, else `DEEPLINK_BUNDLE_ID`, else the routes
  /// file's `ios.bundleId`, else the tool's own (``DeepLinkTool/init(name:table:readsRoutesFiles:appCommand:bundleID:)``).
  ///
  /// - Throws: 64 when `DEEPLINK_BUNDLE_ID` is not a bundle identifier.
  func bundleID() throws(DeviceFailure) -> String? {
    if let bundleID = context.options.bundleID { return bundleID }
    if let text = context.environmentValue(Self.bundleIDVariable.name), !text.isEmpty {
      do throws(BundleIdentifierError) {
        try BundleIdentifier.validate(text)
      } catch {
        throw DeviceFailure.invalidEnvironment(
          name: Self.bundleIDVariable.name, value: ControlCharacters.escaped(text),
          expected: "a bundle identifier (\(BundleIdentifier.rule))")
      }
      return text
    }
    return context.iosBundleID
  }

  /// ``bundleID(_:)`` for `command`, which cannot go on without one (`launch`, `approve`).
  ///
  /// - Throws: 64 naming where the bundle id can come from.
  func requiredBundleID(for command: String) throws -> String {
    guard let bundleID = try bundleID() else {
      throw UsageError.invalidUse(
        "\(command) needs the app's bundle id: --bundle-id ID (or $\(Self.bundleIDVariable.name), "
          + "or the routes file's ios.bundleId)", hint: nil)
    }
    return bundleID
  }

  /// Runs `xcrun ARGUMENTS` (a `simctl` line) for the booted simulator `device`, with
  /// `environment` added, and returns what it printed.
  ///
  /// - Throws: a status other than 0 as the failure `simctl` reported: the scheme not
  ///   registered (65), the app not installed or the simulator gone (69), else the tool's own.
  @discardableResult
  func runSimctl(
    _ arguments: [String], on device: ResolvedDevice, environment: [String] = [], runner: DeviceProgramRunner
  ) throws(DeviceFailure) -> ChildProcess.Result {
    let result = try runner.run(.xcrun, arguments, environment: environment)
    let simulator = SimulatorDevice(
      udid: device.id, name: device.name, state: "Booted", runtime: "", isAvailable: true)
    if let failure = SimulatorCommands.failure(
      of: result, command: arguments, scheme: context.table.scheme, device: simulator)
    {
      throw failure
    }
    return result
  }
}
