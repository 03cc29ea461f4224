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
    DeliveryTarget.variable, AndroidDevice.serialVariable, DeviceTool.pathVariable,
  ]

  /// Placeholders `--dry-run` prints for a device chosen only when the command runs.
  static let udidPlaceholder = "<UDID>"
  static let serialPlaceholder = "<SERIAL>"
  static let deviceIDPlaceholder = "<DEVICE-ID>"
  static let fileplaceholder = "<FILE>"
  static let bundleIDPlaceholder = "<BUNDLE-ID>"

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

  func toolRunner() -> DeviceToolRunner {
    let seconds = context.options.timeout ?? GlobalOptions.defaultDeviceTimeout
    return DeviceToolRunner(
      path: context.environmentValue(DeviceTool.pathVariable.name),
      deadline: .after(milliseconds: Int(seconds * 1000)),
      seconds: seconds, launcher: context.deviceLauncher)
  }

  // MARK: - Delivering links

  /// Sends `url` to a simulator or Android device, or with `--dry-run` prints how it would.
  ///
  /// - Parameter resolved: the device `target` means, when looking for its agent already
  ///   chose it (``routed()``): `simctl list` is not run twice.
  func deliver(
    _ url: String, to target: DeliveryTarget, resolved: ResolvedDevice? = nil
  )
    throws
  {
    try requireBundleID(for: target)
    if context.options.dryRun {
      try context.write(plannedCommands([url], to: target).joined(separator: "\n") + "\n")
      return
    }
    let runner = toolRunner()
    let device: ResolvedDevice
    if let resolved { device = resolved } else { device = try resolve(target, runner: runner) }
    try deliver(url, to: device, runner: runner)
    try reportDelivery(url, to: device)
  }

  /// Sends `url` to `device` (already resolved).
  func deliver(_ url: String, to device: ResolvedDevice, runner: DeviceToolRunner)
    throws(DeviceFailure)
  {
    var deviceBundleID: String? = nil
    if device.kind == .device { deviceBundleID = try bundleID() }
    switch device.kind {
    case .simulator:
      try runSimctl(SimulatorCommands.openURL(url, udid: device.id), on: device, runner: runner)
    case .device:
      guard let bundleID = deviceBundleID else { throw DeviceFailure.bundleIDNeeded(device.target) }
      let arguments = PhysicalDeviceCommands.launch(url, bundleID: bundleID, identifier: device.id)
      let result = try runner.run(.xcrun, arguments)
      let physical = PhysicalDevice(identifier: device.id, name: device.name)
      if let failure = PhysicalDeviceCommands.failure(
        of: result, command: arguments, bundleID: bundleID, device: physical)
      {
        throw failure
      }
    case .android:
      let arguments = androidArguments(url, serial: device.id)
      let result = try runner.run(.adb, arguments)
      if let failure = AndroidCommands.failure(
        of: result, command: arguments, scheme: context.table.scheme, serial: device.id,
        tool: context.tool.name)
      {
        throw failure
      }
    case .app:
      preconditionFailure("the app target is served over the socket")
    }
  }

  func androidArguments(_ url: String, serial: String) -> [String] {
    AndroidCommands.shell(AndroidCommands.startCommand(url, package: androidPackageName()), serial: serial)
  }

  /// The app that must open links on Android: `--package`, else the routes file's
  /// `android.package`, else none (an implicit intent).
  func androidPackageName() -> String? {
    context.options.package ?? context.androidPackage
  }

  /// The one line that says where the link went, or its JSON form.
  func reportDelivery(_ url: String, to device: ResolvedDevice) throws(StreamFailure) {
    guard !context.options.quiet else { return }
    if context.options.json {
      let object = JSON.object([
        ("delivered", .bool(true)), ("acknowledged", .bool(false)), ("url", .string(url)),
        ("target", .string(device.target.text)), ("kind", .string(device.kind.rawValue)),
        ("name", .string(device.name)), ("id", .string(device.id)),
      ])
      try context.write(object.serialized + "\n")
    } else {
      try context.write(
        "delivered \(url) to \(device.description); " + Self.unacknowledged(device.kind) + "\n")
    }
  }

  /// Why a delivered link has no acknowledgement, and how to get one.
  static func unacknowledged(_ kind: DeliveryTarget.Kind) -> String {
    if kind == .device {
      return "not acknowledged, so no screen follows: a phone cannot reach this computer's /tmp, where "
        + "an agent's socket would be, so the app cannot answer"
    }
    return kind == .simulator
      ? "not acknowledged, so no screen follows: no app's deeplink agent answers on that simulator "
        + "(embed DeepLinkAgent in the app's debug build, giving it the app's bundle id, and start "
        + "the app)"
      : "the app cannot acknowledge it without the deeplink agent, so no screen follows"
  }

  // MARK: - Choosing a device

  /// The simulator or Android device `target` means now.
  func resolve(_ target: DeliveryTarget, runner: DeviceToolRunner) throws(DeviceFailure) -> ResolvedDevice {
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

  // MARK: - Dry runs

  /// The command lines `--dry-run` prints for delivering `urls` to `target`, shell-quoted. A
  /// device chosen only at run time (the one booted, a simulator by name) shows as `<UDID>` or
  /// `<SERIAL>`, after the command that lists the devices.
  func plannedCommands(_ urls: [String], to target: DeliveryTarget) -> [String] {
    var commands: [[String]] = []
    switch target {
    case .app:
      return urls.map { "send \($0) to the app on \(context.socketPath)" }
    case .simulator(let device):
      var udid = Self.udidPlaceholder
      if let device, SimulatorDevice.looksLikeUDID(device) {
        udid = device
      } else {
        commands.append(["xcrun"] + SimulatorDevice.listArguments)
      }
      commands += urls.map { ["xcrun"] + SimulatorCommands.openURL($0, udid: udid) }
    case .device(let wanted):
      // The device is always chosen from the list: it says whether the phone can be reached.
      commands.append(["xcrun"] + PhysicalDevice.listArguments(file: Self.fileplaceholder))
      let identifier =
        wanted.flatMap { SimulatorDevice.looksLikeUDID($0) ? $0 : nil } ?? Self.deviceIDPlaceholder
      let app = (try? bundleID()) ?? nil
      commands += urls.map {
        ["xcrun"]
          + PhysicalDeviceCommands.launch(
            $0, bundleID: app ?? Self.bundleIDPlaceholder, identifier: identifier)
      }
    case .android(let serial):
      let chosen = serial ?? androidSerial
      if chosen == nil { commands.append(["adb"] + AndroidDevice.listArguments) }
      commands += urls.map {
        ["adb"] + androidArguments($0, serial: chosen ?? Self.serialPlaceholder)
      }
    }
    return commands.map(Self.printable)
  }

  /// How long `--target <TAB>` may spend asking each tool, unless
  /// `DEEPLINK_COMPLETION_TIMEOUT_MS` says otherwise; with neither installed, nothing is started
  /// and the answer is immediate.
  static let targetCompletionBudgetMilliseconds = 500

  /// `deeplink __complete targets`: the kinds, then the simulators and devices found within
  /// the budget; never the app's socket (the kinds already offer `app`), never an error.
  func targetCompletionLines() -> [String] {
    let path = context.environmentValue(DeviceTool.pathVariable.name)
    let launcher = context.deviceLauncher
    let budget = CompletionCallback.budget(
      context.environmentValue(CompletionCallback.budgetVariable.name),
      default: Self.targetCompletionBudgetMilliseconds)
    return TargetListing.discover(socket: nil, tool: context.tool) {
      DeviceToolRunner(
        path: path, deadline: .after(milliseconds: budget), seconds: Double(budget) / 1000,
        launcher: launcher)
    }.completionLines
  }

  /// A command line for `--dry-run`: each word shell-quoted, placeholders as they are.
  static func printable(_ words: [String]) -> String {
    words.map {
      [udidPlaceholder, serialPlaceholder, deviceIDPlaceholder, fileplaceholder, bundleIDPlaceholder]
        .contains($0)
        ? $0 : ShellQuoting.quote($0)
    }
    .joined(separator: " ")
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

  /// `options` for a command that talks to an app: with a simulator target whose app's agent
  /// answers, the same options aimed at that agent's socket (`--target app --socket …`), so
  /// that the command gets everything the app target gives (acknowledgement, screen, state,
  /// exit codes) through the app target's own code; otherwise `options` as they are, for
  /// delivery through `simctl` where the command has one.
  ///
  /// The agent is looked for without waiting for one to start (only `wait` waits): with a
  /// UDID and a bundle id known, by one `ping` on the socket they name (``SimulatorSocket``),
  /// running no `xcrun` at all; else the simulator is chosen as for any simulator target
  /// (`simctl list`), and with no bundle id known, every agent in the shared directory is
  /// pinged: the one on that simulator is used, several are a usage error listing the options
  /// that select each.
  ///
  /// - Throws: 64 for `--bundle-id` with an app or Android target, or several agents; 69 when
  ///   another agent answers on the app's socket; 75 when the app's agent does not answer its
  ///   `ping` in time; what choosing the simulator throws.
  func routed() throws -> Routing {
    guard let device = try simulatorDevice(), !context.options.dryRun else {
      return Routing(context: context)
    }
    let (udid, resolved) = try simulatorUDID(device)
    guard let agent = try findAgent(udid: udid) else {
      return Routing(context: context, simulator: resolved)
    }
    return Routing(context: context.aimed(at: agent.socket), agent: agent)
  }

  /// What ``routed(_:)`` chose.
  struct Routing {
    /// The command's context, its options aimed at the app's agent when one answers.
    var context: CommandContext
    /// The simulator chosen from `simctl list` when no agent answers, for delivery through
    /// `simctl` without listing again; `nil` when none was listed.
    var simulator: ResolvedDevice? = nil
    /// The simulator app's agent that answers, when one does.
    var agent: SimulatorAgent? = nil
  }

  /// The device of a simulator target (`nil` inside `.simulator` for the one booted);
  /// `.none` for other targets.
  ///
  /// - Throws: 64 for `--bundle-id` with an app or Android target.
  func simulatorDevice() throws(DeviceFailure) -> String?? {
    let target = try target()
    guard case .simulator(let device) = target else {
      if context.options.bundleID != nil, target.kind != .device {
        throw DeviceFailure.bundleIDNeedsSimulator(target)
      }
      return .none
    }
    return .some(device)
  }

  /// The agent answering on the simulator `udid`, for the app ``bundleID(_:)`` names (any
  /// app when it names none); `nil` when none answers.
  func findAgent(udid: String) throws -> SimulatorAgent? {
    let bundleID = try bundleID()
    guard let bundleID else {
      let agents = SimulatorAgent.discover(table: context.table).filter { $0.udid.uppercased() == udid }
      guard agents.count <= 1 else { throw DeviceFailure.severalAgents(agents, udid: udid) }
      return agents.first
    }
    let socket = SimulatorSocket.path(udid: udid, bundleID: bundleID)
    return try SimulatorAgent.identify(
      socket, timeoutMilliseconds: context.options.timeoutMilliseconds, table: context.table)?
      .agent(bundleID, on: udid, socket: socket)
  }

  /// `deeplink wait --target simulator[:DEVICE] --bundle-id ID`: returns once that app's agent
  /// answers on its socket and its `ping` names that app (a cold start: the app is launching),
  /// then prints what it reached. Waits `--timeout` seconds (30 by default, as for any
  /// simulator target): 75 then; 69 at once when process `pid` exits first.
  func waitForSimulatorApp(
    _ bundleID: String, udid: String, pid: Int32?
  ) throws {
    let agent = try awaitSimulatorApp(bundleID, udid: udid, pid: pid)
    try context.write(agent.report(json: context.options.json))
  }

  /// The agent of ``waitForSimulatorApp(_:udid:pid:)``, once it answers, without printing it:
  /// `launch` with a route sends its link there.
  func awaitSimulatorApp(
    _ bundleID: String, udid: String, pid: Int32?
  ) throws -> SimulatorAgent {
    let socket = SimulatorSocket.path(udid: udid, bundleID: bundleID)
    let reply = try context.aimed(at: socket).app.awaitApp(
      seconds: context.options.timeout ?? GlobalOptions.defaultDeviceTimeout, pid: pid,
      spentMilliseconds: context.options.spentMilliseconds)
    return try SimulatorAgent.Identified(ping: reply, socket: socket).agent(
      bundleID, on: udid, socket: socket)
  }

  /// The UDID `device` means, in upper case: itself when it has a UDID's shape (no `xcrun`),
  /// else that of the simulator chosen from `simctl list` as for delivery, returned too.
  func simulatorUDID(_ device: String?) throws(DeviceFailure) -> (
    udid: String, resolved: ResolvedDevice?
  ) {
    if let device, SimulatorDevice.looksLikeUDID(device) { return (device.uppercased(), nil) }
    let resolved = try resolve(.simulator(device: device), runner: toolRunner())
    return (resolved.id.uppercased(), resolved)
  }

  /// A picture of `target`, a simulator or Android target, once its screen stopped changing,
  /// and the device it came from: `screen --png FILE` and the `screenshot` tool of
  /// `deeplink mcp`.
  func settledScreenshot(of target: DeliveryTarget, settling: Settling)
    throws(DeviceFailure) -> (ResolvedDevice, SettledScreenshot)
  {
    try requireScreenshotTarget(target)
    let device = try resolve(target, runner: toolRunner())
    return (device, try settledScreenshot(of: device, settling: settling))
  }

  /// Takes a screenshot of `device`, already resolved, into the file `path`: each picture of
  /// a tour.
  func captureScreenshot(of device: ResolvedDevice, to path: String, runner: DeviceToolRunner)
    throws(DeviceFailure)
  {
    switch device.kind {
    case .simulator:
      try runSimctl(SimulatorCommands.screenshot(udid: device.id, to: path), on: device, runner: runner)
    default:
      let arguments = AndroidCommands.screencap(serial: device.id)
      let result = try runner.run(.adb, arguments)
      if let failure = AndroidCommands.failure(
        of: result, command: arguments, scheme: context.table.scheme, serial: device.id,
        tool: context.tool.name)
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
  }

  /// Fails with exit 64 for an iPhone or iPad: screenshots come from simctl and adb only.
  func requireScreenshotTarget(_ target: DeliveryTarget) throws(DeviceFailure) {
    guard target.kind == .device else { return }
    throw DeviceFailure.wrongTarget(
      ScreenCommand.name, target, expected: "simulator and android targets for --png")
  }

  /// Runs `xcrun ARGUMENTS` (a `simctl` line) for the booted simulator `device`, with
  /// `environment` added, and returns what it printed.
  ///
  /// - Throws: a status other than 0 as the failure `simctl` reported: the scheme not
  ///   registered (65), the app not installed or the simulator gone (69), else the tool's own.
  @discardableResult
  func runSimctl(
    _ arguments: [String], on device: ResolvedDevice, environment: [String] = [], runner: DeviceToolRunner
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

  /// The eight bytes every PNG file starts with.
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

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
    try runSimctl(arguments, on: device, runner: toolRunner())
  }

  /// A picture of `device` now: taken into a new file of a private temporary folder (both
  /// removed after), read, and decoded by ``PNGDecoder``.
  ///
  /// - Throws: what taking a screenshot throws; 70 when the tool gave no PNG.
  func screenshot(of device: ResolvedDevice) throws(DeviceFailure) -> Screenshot {
    let made: (folder: String, file: String)
    do throws(Errno) {
      made = try BinaryFile.makePrivateFile(named: "screen", suffix: ".png")
    } catch {
      throw DeviceFailure.cannotWrite("a temporary file", error)
    }
    defer { BinaryFile.removePrivateFile(made.file, in: made.folder) }
    try captureScreenshot(of: device, to: made.file, runner: toolRunner())
    let bytes: [UInt8]
    do throws(Errno) {
      bytes = try BinaryFile.read(made.file)
    } catch {
      throw DeviceFailure.cannotRead(made.file, error)
    }
    do {
      return Screenshot(png: bytes, picture: try PNGDecoder.decode(bytes))
    } catch {
      let command =
        device.kind == .simulator
        ? ["xcrun"] + SimulatorCommands.screenshot(udid: device.id, to: made.file)
        : ["adb"] + AndroidCommands.screencap(serial: device.id)
      throw DeviceFailure.notAScreenshot(command, toolMessage: error.message)
    }
  }

  /// A picture of `device` once its screen stopped changing (``ScreenSettling``): every
  /// picture deeplink takes. A stop signal held during a tour ends the wait at once.
  ///
  /// - Throws: what taking a screenshot throws.
  func settledScreenshot(of device: ResolvedDevice, settling: Settling)
    throws(DeviceFailure) -> SettledScreenshot
  {
    try ScreenSettling.settle(
      settling, now: { Clocks.monotonicMilliseconds }, interrupted: { HeldSignals.pending }
    ) { () throws(DeviceFailure) in try screenshot(of: device) }
  }

}
