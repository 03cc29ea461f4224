import DeepLinkRoutes
import DeepLinkWire

/// The simulator app's agent: finding the one that answers, and aiming a command at it.
extension DeviceBridge {
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
    let resolved = try resolve(.simulator(device: device), runner: programRunner())
    return (resolved.id.uppercased(), resolved)
  }
}
