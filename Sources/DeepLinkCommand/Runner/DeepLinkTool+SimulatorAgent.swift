package import DeepLinkWire

extension DeepLinkTool {
  /// The bundle id of the simulator app whose agent gets links, when `--bundle-id` is not given.
  package static let bundleIDVariable = EnvironmentVariable(
    "DEEPLINK_BUNDLE_ID",
    summary: "With a simulator or device target: the app that gets links (as --bundle-id)")

  /// The app on a simulator target: `--bundle-id`, else `DEEPLINK_BUNDLE_ID`, else the routes
  /// file's `ios.bundleId`, else the tool's own (``DeepLinkTool/init(name:table:readsRoutesFiles:appCommand:bundleID:)``).
  ///
  /// - Throws: 64 when `DEEPLINK_BUNDLE_ID` is not a bundle identifier.
  func bundleID(_ options: GlobalOptions) throws(ClientFailure) -> String? {
    if let bundleID = options.bundleID { return bundleID }
    if let text = environmentValue(Self.bundleIDVariable.name), !text.isEmpty {
      do throws(BundleIdentifierError) {
        try BundleIdentifier.validate(text)
      } catch {
        throw .device(
          .invalidEnvironment(
            name: Self.bundleIDVariable.name, value: ControlCharacters.escaped(text),
            expected: "a bundle identifier (\(BundleIdentifier.rule))"))
      }
      return text
    }
    return iosBundleID
  }

  /// ``bundleID(_:)`` for `command`, which cannot go on without one (`launch`, `approve`).
  ///
  /// - Throws: 64 naming where the bundle id can come from.
  func requiredBundleID(for command: BuiltInCommand, _ options: GlobalOptions) throws(ClientFailure) -> String
  {
    guard let bundleID = try bundleID(options) else {
      throw .usage(
        "\(command.rawValue) needs the app's bundle id: --bundle-id ID (or $\(Self.bundleIDVariable.name), "
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
  func routed(_ options: GlobalOptions) throws(ClientFailure) -> Routing {
    guard let device = try simulatorDevice(options), !options.dryRun else { return Routing(options: options) }
    let (udid, resolved) = try simulatorUDID(device, options: options)
    guard let agent = try findAgent(udid: udid, options: options) else {
      return Routing(options: options, simulator: resolved)
    }
    return Routing(options: options.aimed(at: agent.socket))
  }

  /// What ``routed(_:)`` chose.
  struct Routing {
    /// The command's options, aimed at the app's agent when one answers.
    var options: GlobalOptions
    /// The simulator chosen from `simctl list` when no agent answers, for delivery through
    /// `simctl` without listing again; `nil` when none was listed.
    var simulator: ResolvedDevice? = nil
  }

  /// The device of a simulator target (`nil` inside `.simulator` for the one booted);
  /// `.none` for other targets.
  ///
  /// - Throws: 64 for `--bundle-id` with an app or Android target.
  func simulatorDevice(_ options: GlobalOptions) throws(ClientFailure) -> String?? {
    let target = try target(options)
    guard case .simulator(let device) = target else {
      if options.bundleID != nil, target.kind != .device { throw .device(.bundleIDNeedsSimulator(target)) }
      return .none
    }
    return .some(device)
  }

  /// The agent answering on the simulator `udid`, for the app ``bundleID(_:)`` names (any
  /// app when it names none); `nil` when none answers.
  func findAgent(udid: String, options: GlobalOptions) throws(ClientFailure) -> SimulatorAgent? {
    let bundleID = try bundleID(options)
    guard let bundleID else {
      let agents = SimulatorAgent.discover(table: table).filter { $0.udid.uppercased() == udid }
      guard agents.count <= 1 else { throw .device(.severalAgents(agents, udid: udid)) }
      return agents.first
    }
    let socket = SimulatorSocket.path(udid: udid, bundleID: bundleID)
    return try SimulatorAgent.identify(
      socket, timeoutMilliseconds: options.timeoutMilliseconds, table: table)?
      .agent(bundleID, on: udid, socket: socket)
  }

  /// `deeplink wait --target simulator[:DEVICE] --bundle-id ID`: returns once that app's agent
  /// answers on its socket and its `ping` names that app (a cold start: the app is launching),
  /// then prints what it reached. Waits `--timeout` seconds (30 by default, as for any
  /// simulator target): 75 then; 69 at once when process `pid` exits first.
  func waitForSimulatorApp(
    _ bundleID: String, udid: String, options: GlobalOptions, pid: Int32?
  ) throws(ClientFailure) {
    let socket = SimulatorSocket.path(udid: udid, bundleID: bundleID)
    let reply = try awaitApp(
      on: socket, seconds: options.timeout ?? GlobalOptions.defaultDeviceTimeout, pid: pid)
    let agent = try SimulatorAgent.Identified(ping: reply, socket: socket).agent(
      bundleID, on: udid, socket: socket)
    try write(agent.report(json: options.json))
  }

  /// The UDID `device` means, in upper case: itself when it has a UDID's shape (no `xcrun`),
  /// else that of the simulator chosen from `simctl list` as for delivery, returned too.
  func simulatorUDID(_ device: String?, options: GlobalOptions) throws(ClientFailure) -> (
    udid: String, resolved: ResolvedDevice?
  ) {
    if let device, SimulatorDevice.looksLikeUDID(device) { return (device.uppercased(), nil) }
    let resolved = try resolve(.simulator(device: device), runner: toolRunner(options))
    return (resolved.id.uppercased(), resolved)
  }
}

extension DeepLinkTool {
  /// `deeplink launch --target simulator[:DEVICE] --bundle-id ID [--relaunch]`: `xcrun simctl
  /// launch [--terminate-running-process] <UDID> <ID>`, then ``waitForSimulatorApp(_:udid:options:pid:)``
  /// with the pid simctl printed, so that an app that dies at start-up fails at once (69).
  ///
  /// - Throws: 64 without a bundle id or with a target that is no simulator; what choosing the
  ///   simulator, `simctl launch` (69 when the app is not installed) and the wait throw.
  func launch(relaunch: Bool, options: GlobalOptions) throws(ClientFailure) {
    let target = try target(options)
    guard case .simulator(let device) = target else {
      throw .device(
        .wrongTarget(.launch, target, expected: "simulator targets (simulator or simulator:DEVICE)"))
    }
    let bundleID = try requiredBundleID(for: .launch, options)
    if options.dryRun {
      let udid = device.flatMap { SimulatorDevice.looksLikeUDID($0) ? $0 : nil }
      let commands =
        (udid == nil ? [["xcrun"] + SimulatorDevice.listArguments] : [])
        + [
          ["xcrun"]
            + SimulatorCommands.launch(bundleID, udid: udid ?? Self.udidPlaceholder, relaunch: relaunch)
        ]
      try write(commands.map(Self.printable).joined(separator: "\n") + "\n")
      return
    }
    // A UDID is used as it is (simctl launch names an unknown or shut-down one itself), else
    // the simulator is chosen from `simctl list`.
    let (udid, simulator) = try simulatorUDID(device, options: options)
    let runner = toolRunner(options)
    let arguments = SimulatorCommands.launch(bundleID, udid: udid, relaunch: relaunch)
    let result: ChildProcess.Result
    do throws(DeviceFailure) {
      result = try runner.run(.xcrun, arguments)
      let chosen = SimulatorDevice(
        udid: udid, name: simulator?.name ?? "", state: "Booted", runtime: "", isAvailable: true)
      if let failure = SimulatorCommands.failure(
        of: result, command: arguments, scheme: table.scheme, device: chosen)
      {
        throw failure
      }
    } catch {
      throw .device(error)
    }
    let pid = SimulatorCommands.launchedPID(result.output, bundleID: bundleID)
    try waitForSimulatorApp(bundleID, udid: udid, options: options, pid: pid)
  }
}

extension GlobalOptions {
  /// These options sent to the agent listening on `socket`, as the app target sends them.
  func aimed(at socket: String) -> GlobalOptions {
    var options = self
    options.target = .app
    options.socket = socket
    options.bundleID = nil
    return options
  }
}
