import DeepLinkRoutes
import DeepLinkWire

/// One start of an app on a simulator into a state: `simctl launch` with launch arguments and
/// environment, the agent awaited, then optionally a link applied through it and acknowledged.
/// What `deeplink launch` and the `launch` tool of `deeplink mcp` both run; each only reports
/// the ``Outcome`` its own way.
struct SimulatorLaunch {
  /// Stop the app first if it runs (`--terminate-running-process`).
  var relaunch = false
  /// The variables of the app's environment, in order.
  var variables: [LaunchVariable] = []
  /// The launch arguments, after the bundle id, in order.
  var arguments: [String] = []
  /// The link to apply once the agent answers.
  var link: Link? = nil

  /// What a launch did.
  enum Outcome {
    /// `--dry-run`: the lines that say what would run (the `xcrun` lines, then the link), and
    /// nothing ran.
    case planned([String])
    /// The app's agent answers; no link was given.
    case reached(SimulatorAgent)
    /// The app's agent answers and acknowledged the link with this reply.
    case applied(SimulatorAgent, reply: JSON)
  }

  /// `SIMCTL_CHILD_NAME=VALUE … xcrun simctl launch [--terminate-running-process] <UDID> <ID>
  /// [ARG…]`, then ``DeviceBridge/awaitSimulatorApp(_:udid:pid:)`` with the pid simctl printed,
  /// so that an app that dies at start-up fails at once (69); then the link, if any, through the
  /// agent, acknowledged.
  ///
  /// - Parameter command: the name that messages give the command (`launch`).
  /// - Throws: 64 without a bundle id, with a target that is no simulator or a link too long;
  ///   what choosing the simulator, `simctl launch` (69 when the app is not installed), the
  ///   wait and the link throw.
  ///
  /// - Parameter progress: called as each ``Step`` ends; never with `--dry-run`.
  func run(
    in context: CommandContext, command: String = LaunchCommand.name, progress: ((Step) -> Void)? = nil
  ) throws -> Outcome {
    let target = try context.devices.target()
    guard case .simulator(let device) = target else {
      throw DeviceFailure.wrongTarget(command, target, expected: Self.targets)
    }
    let bundleID = try context.devices.requiredBundleID(for: command)
    let url = link.map(context.table.url(for:))
    if let url { try AppSession.checkFits(url: url) }
    let environment = SimulatorCommands.launchEnvironment(variables)
    if context.options.dryRun {
      let udid = device.flatMap { SimulatorDevice.looksLikeUDID($0) ? $0 : nil }
      let launch =
        environment.map(Self.shellAssignment)
        + [
          DeviceBridge.printable(
            ["xcrun"]
              + SimulatorCommands.launch(
                bundleID, udid: udid ?? DeviceBridge.udidPlaceholder, relaunch: relaunch, arguments: arguments
              ))
        ]
      return .planned(
        (udid == nil ? [DeviceBridge.printable(["xcrun"] + SimulatorDevice.listArguments)] : [])
          + [launch.joined(separator: " ")]
          + (url.map { ["then send \($0) to \(bundleID)'s agent and wait for its acknowledgement"] } ?? []))
    }
    // A UDID is used as it is (simctl launch names an unknown or shut-down one itself), else
    // the simulator is chosen from `simctl list`.
    let (udid, simulator) = try context.devices.simulatorUDID(device)
    progress?(.simulator(udid))
    let runner = context.devices.programRunner()
    let result = try context.devices.runSimctl(
      SimulatorCommands.launch(bundleID, udid: udid, relaunch: relaunch, arguments: arguments),
      on: simulator ?? ResolvedDevice(kind: .simulator, id: udid, name: ""),
      environment: environment, runner: runner)
    let pid = SimulatorCommands.launchedPID(result.output, bundleID: bundleID)
    progress?(.launched(bundleID, pid: pid))
    let agent = try context.devices.awaitSimulatorApp(bundleID, udid: udid, pid: pid)
    progress?(.answering(bundleID))
    guard let link else { return .reached(agent) }
    let reply = try context.aimed(at: agent.socket).app.send(link)
    progress?(.applied(url ?? ""))
    return .applied(agent, reply: reply)
  }

  /// A step of a launch that has ended, in order: what the `launch` tool reports as progress.
  enum Step: Equatable {
    /// The simulator with this UDID is chosen, booted.
    case simulator(String)
    /// `simctl launch` started the app, with the pid it printed.
    case launched(String, pid: Int32?)
    /// The app's agent answers.
    case answering(String)
    /// The app acknowledged the link with this URL.
    case applied(String)

    /// Its place among the steps, from 1.
    var number: Int {
      switch self {
      case .simulator: 1
      case .launched: 2
      case .answering: 3
      case .applied: 4
      }
    }

    /// One line for a person or a model.
    var message: String {
      switch self {
      case .simulator(let udid): "simulator \(udid) booted"
      case .launched(let bundleID, let pid): "\(bundleID) launched" + (pid.map { " (pid \($0))" } ?? "")
      case .answering(let bundleID): "\(bundleID)'s agent answers"
      case .applied(let url): "\(url) applied"
      }
    }
  }

  /// How many steps this launch has: ``Step/applied(_:)`` only with a link.
  var stepCount: Int { link == nil ? 3 : 4 }

  /// The targets a launch works with, as a message names them.
  static let targets = "simulator targets (simulator or simulator:DEVICE)"

  /// `NAME=VALUE` as a shell takes it before a command: the value quoted, the name (a portable
  /// one) not, since a quoted assignment would be a command's name.
  static func shellAssignment(_ assignment: String) -> String {
    guard let equals = assignment.firstIndex(of: "=") else { return ShellQuoting.quote(assignment) }
    let value = String(assignment[assignment.index(after: equals)...])
    return assignment[...equals] + (value.isEmpty ? "" : ShellQuoting.quote(value))
  }
}
