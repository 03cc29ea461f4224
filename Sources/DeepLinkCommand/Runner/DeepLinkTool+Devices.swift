import DeepLinkRoutes
import DeepLinkWire

/// A simulator or Android device chosen for a command.
struct ResolvedDevice: Hashable, Sendable {
  var kind: DeliveryTarget.Kind
  /// The UDID or the serial.
  var id: String
  /// `iPhone 15 (iOS 17.2)`, `Pixel_7`; the id when nothing better is known.
  var name: String

  var target: DeliveryTarget {
    switch kind {
    case .simulator: .simulator(device: id)
    case .device: .device(id: id)
    default: .android(serial: id)
    }
  }

  /// `simulator iPhone 15 (iOS 17.2) 5B6D…`, `device Ann's iPhone (iOS 17.4) A1B2…`,
  /// `android device Pixel_7 emulator-5554`.
  var description: String {
    switch kind {
    case .simulator: "simulator \(name) \(id)"
    case .device: "device \(name) \(id)"
    default: "Android device " + (name == id ? id : "\(name) \(id)")
    }
  }
}

extension DeepLinkTool {
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
  func target(_ options: GlobalOptions) throws(ClientFailure) -> DeliveryTarget {
    if let target = options.target { return target }
    guard let text = environmentValue(DeliveryTarget.variable.name), !text.isEmpty else { return .app }
    guard let target = DeliveryTarget(parsing: text) else {
      throw .device(
        .invalidEnvironment(name: DeliveryTarget.variable.name, value: text, expected: DeliveryTarget.forms))
    }
    return target
  }

  /// Fails with exit 64 when a link goes to an iPhone or iPad and no bundle id is known:
  /// `devicectl device process launch` opens a URL in the app it names.
  func requireBundleID(for target: DeliveryTarget, _ options: GlobalOptions) throws(ClientFailure) {
    guard target.kind == .device, try bundleID(options) == nil else { return }
    throw .device(.bundleIDNeeded(target))
  }

  /// Fails with exit 64 when `command` needs the app's answers but the target is a device.
  func requireApp(for command: BuiltInCommand, _ options: GlobalOptions) throws(ClientFailure) {
    let target = try target(options)
    guard target == .app else { throw .device(.needsAgent(command, target)) }
  }

  /// `ANDROID_SERIAL`, when set and not empty.
  var androidSerial: String? {
    environmentValue(AndroidDevice.serialVariable.name).flatMap { $0.isEmpty ? nil : $0 }
  }

  func toolRunner(_ options: GlobalOptions) -> DeviceToolRunner {
    let seconds = options.timeout ?? GlobalOptions.defaultDeviceTimeout
    return DeviceToolRunner(
      path: environmentValue(DeviceTool.pathVariable.name),
      deadline: .after(milliseconds: Int(seconds * 1000)),
      seconds: seconds)
  }

  // MARK: - Delivering links

  /// Sends `url` to a simulator or Android device, or with `--dry-run` prints how it would.
  ///
  /// - Parameter resolved: the device `target` means, when looking for its agent already
  ///   chose it (``DeepLinkTool/routed(_:)``): `simctl list` is not run twice.
  func deliver(
    _ url: String, to target: DeliveryTarget, options: GlobalOptions, resolved: ResolvedDevice? = nil
  )
    throws(ClientFailure)
  {
    try requireBundleID(for: target, options)
    if options.dryRun {
      try write(plannedCommands([url], to: target, options: options).joined(separator: "\n") + "\n")
      return
    }
    let runner = toolRunner(options)
    let device: ResolvedDevice
    if let resolved { device = resolved } else { device = try resolve(target, runner: runner) }
    try deliver(url, to: device, runner: runner, options: options)
    try reportDelivery(url, to: device, options: options)
  }

  /// Sends `url` to `device` (already resolved).
  func deliver(_ url: String, to device: ResolvedDevice, runner: DeviceToolRunner, options: GlobalOptions)
    throws(ClientFailure)
  {
    var deviceBundleID: String? = nil
    if device.kind == .device { deviceBundleID = try bundleID(options) }
    do throws(DeviceFailure) {
      switch device.kind {
      case .simulator:
        let arguments = SimulatorCommands.openURL(url, udid: device.id)
        let result = try runner.run(.xcrun, arguments)
        let simulator = SimulatorDevice(
          udid: device.id, name: device.name, state: "Booted", runtime: "", isAvailable: true)
        if let failure = SimulatorCommands.failure(
          of: result, command: arguments, scheme: table.scheme, device: simulator)
        {
          throw failure
        }
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
        let arguments = androidArguments(url, serial: device.id, options: options)
        let result = try runner.run(.adb, arguments)
        if let failure = AndroidCommands.failure(
          of: result, command: arguments, scheme: table.scheme, serial: device.id)
        {
          throw failure
        }
      case .app:
        preconditionFailure("the app target is served over the socket")
      }
    } catch {
      throw .device(error)
    }
  }

  func androidArguments(_ url: String, serial: String, options: GlobalOptions) -> [String] {
    AndroidCommands.shell(AndroidCommands.startCommand(url, package: androidPackage(options)), serial: serial)
  }

  /// The app that must open links on Android: `--package`, else the routes file's
  /// `android.package`, else none (an implicit intent).
  func androidPackage(_ options: GlobalOptions) -> String? {
    options.package ?? androidPackage
  }

  /// The one line that says where the link went, or its JSON form.
  func reportDelivery(_ url: String, to device: ResolvedDevice, options: GlobalOptions) throws(ClientFailure)
  {
    guard !options.quiet else { return }
    if options.json {
      let object = JSON.object([
        ("delivered", .bool(true)), ("acknowledged", .bool(false)), ("url", .string(url)),
        ("target", .string(device.target.text)), ("kind", .string(device.kind.rawValue)),
        ("name", .string(device.name)), ("id", .string(device.id)),
      ])
      try write(object.serialized + "\n")
    } else {
      try write("delivered \(url) to \(device.description); " + Self.unacknowledged(device.kind) + "\n")
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
  func resolve(_ target: DeliveryTarget, runner: DeviceToolRunner) throws(ClientFailure) -> ResolvedDevice {
    do throws(DeviceFailure) {
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
    } catch {
      throw .device(error)
    }
  }

  // MARK: - Dry runs

  /// The command lines `--dry-run` prints for delivering `urls` to `target`, shell-quoted. A
  /// device chosen only at run time (the one booted, a simulator by name) shows as `<UDID>` or
  /// `<SERIAL>`, after the command that lists the devices.
  func plannedCommands(_ urls: [String], to target: DeliveryTarget, options: GlobalOptions) -> [String] {
    var commands: [[String]] = []
    switch target {
    case .app:
      return urls.map { "send \($0) to the app on \(socketPath(options))" }
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
      let app = (try? bundleID(options)) ?? nil
      commands += urls.map {
        ["xcrun"]
          + PhysicalDeviceCommands.launch(
            $0, bundleID: app ?? Self.bundleIDPlaceholder, identifier: identifier)
      }
    case .android(let serial):
      let chosen = serial ?? androidSerial
      if chosen == nil { commands.append(["adb"] + AndroidDevice.listArguments) }
      commands += urls.map {
        ["adb"] + androidArguments($0, serial: chosen ?? Self.serialPlaceholder, options: options)
      }
    }
    return commands.map(Self.printable)
  }

  // MARK: - targets, approve, completion

  /// `deeplink targets [--json]`.
  func listTargets(_ options: GlobalOptions) throws(ClientFailure) {
    let runner = toolRunner(options)
    var listing = TargetListing.discover(socket: socketPath(options), runner: { runner })
    // Each app whose agent answers on one of the booted simulators listed, after them.
    let booted = Set(listing.entries.filter { $0.kind == .simulator }.map { $0.id.uppercased() })
    let agents =
      booted.isEmpty
      ? []
      : SimulatorAgent.discover(table: table).filter { booted.contains($0.udid.uppercased()) }.map(
        TargetListing.Entry.init(agent:))
    let end = listing.entries.lastIndex { $0.kind == .simulator }.map { $0 + 1 } ?? listing.entries.count
    listing.entries.insert(contentsOf: agents, at: end)
    for note in listing.notes {
      streams.err(
        "\(ToolName.current): note: " + ControlCharacters.escaped(note, keepingNewlines: true) + "\n")
    }
    guard !options.quiet else { return }
    try write(
      options.json ? JSON.array(listing.entries.map(\.json)).pretty + "\n" : Self.visible(listing.text))
  }

  /// How long `--target <TAB>` may spend asking each tool, unless
  /// `DEEPLINK_COMPLETION_TIMEOUT_MS` says otherwise; with neither installed, nothing is started
  /// and the answer is immediate.
  static let targetCompletionBudgetMilliseconds = 500

  /// `deeplink __complete targets`: the kinds, then the simulators and devices found within
  /// the budget; never the app's socket (the kinds already offer `app`), never an error.
  func targetCompletionLines() -> [String] {
    let path = environmentValue(DeviceTool.pathVariable.name)
    let budget = CompletionCallback.budget(
      environmentValue(CompletionCallback.budgetVariable.name),
      default: Self.targetCompletionBudgetMilliseconds)
    return TargetListing.discover(socket: nil) {
      DeviceToolRunner(path: path, deadline: .after(milliseconds: budget), seconds: Double(budget) / 1000)
    }.completionLines
  }

  /// `deeplink approve --bundle-id ID`: pre-approves the table's scheme for that app (the
  /// bundle id as every simulator command finds it, ``bundleID(_:)``) on a simulator (the one
  /// booted unless `--target` or `DEEPLINK_TARGET` names one).
  func approve(options: GlobalOptions) throws(ClientFailure) {
    var target = try target(options)
    if target == .app && options.target == nil { target = .simulator(device: nil) }
    guard case .simulator(let device) = target else {
      throw .device(
        .wrongTarget(.approve, target, expected: "simulator targets (simulator or simulator:DEVICE)"))
    }
    let bundleID = try requiredBundleID(for: .approve, options)
    if options.dryRun {
      var commands: [[String]] = []
      var udid = Self.udidPlaceholder
      if let device, SimulatorDevice.looksLikeUDID(device) {
        udid = device
      } else {
        commands.append(["xcrun"] + SimulatorDevice.listArguments)
      }
      commands.append(
        ["xcrun"] + SimulatorCommands.approve(scheme: table.scheme, bundleID: bundleID, udid: udid))
      try write(commands.map(Self.printable).joined(separator: "\n") + "\n")
      return
    }
    let runner = toolRunner(options)
    let chosen = try resolve(target, runner: runner)
    do throws(DeviceFailure) {
      let arguments = SimulatorCommands.approve(scheme: table.scheme, bundleID: bundleID, udid: chosen.id)
      let result = try runner.run(.xcrun, arguments)
      let simulator = SimulatorDevice(
        udid: chosen.id, name: chosen.name, state: "Booted", runtime: "", isAvailable: true)
      if let failure = SimulatorCommands.failure(
        of: result, command: arguments, scheme: table.scheme, device: simulator)
      {
        throw failure
      }
    } catch {
      throw .device(error)
    }
    guard !options.quiet else { return }
    if options.json {
      let object = JSON.object([
        ("approved", .bool(true)), ("scheme", .string(table.scheme)), ("bundleId", .string(bundleID)),
        ("target", .string(chosen.target.text)), ("name", .string(chosen.name)), ("id", .string(chosen.id)),
      ])
      try write(object.serialized + "\n")
    } else {
      try write(
        "approved \(table.scheme):// links for \(bundleID) on \(chosen.description): they open without "
          + "the \"Open in\" prompt\n")
    }
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
}
