import DeepLinkRoutes
import DeepLinkWire

/// `deeplink launch`: Start an app on a simulator, wait until its agent answers, and
/// optionally apply a link: launch arguments, environment and a state in one command.
struct LaunchCommand: ToolCommand, Equatable {
  static let name = "launch"
  static let synopsis = "--bundle-id <id> [<options>] [<route> ...]"
  static let summary = "Start an app on a simulator, wait for its agent, open a link"

  static let operands = CommandOperands.one(
    "launch takes a route and its options after its own options", completion: .route)

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    "Starts the app with this bundle id on a simulator (xcrun simctl launch <UDID> <id>), then "
      + "waits as 'wait --bundle-id' does until its deeplink agent answers, and prints the app "
      + "it reached; with --json, 'socket', 'bundleId', 'simulatorUdid' and 'pid'. With "
      + "--relaunch, a running app is stopped first (--terminate-running-process), so that the "
      + "app starts from a fresh process: a clean state for a test or a screenshot run.\n\n"
      + "Each --arg is a launch argument, passed after the bundle id in the order given (an "
      + "argument that starts with '--' is written --arg=--flag). Each --env NAME=VALUE sets a "
      + "variable of the app's environment, given to simctl as SIMCTL_CHILD_NAME=VALUE, which "
      + "simctl passes on as NAME; a name given twice keeps its last value. A name that is not "
      + "a letter or '_' followed by letters, digits or '_', or a NUL in a value or argument, "
      + "exits 64 before anything runs.\n\n"
      + "A route and its options after launch's own options are applied once the agent answers, "
      + "as '\(tool.name) <route> --target simulator --bundle-id <id>' does: launch waits "
      + "until the app acknowledges the link and prints the screen (with --json, the state). "
      + "With --dry-run, it prints the xcrun line (with the SIMCTL_CHILD_ variables before it, "
      + "as a shell would take them) and the link, and runs nothing.\n\n"
      + "The bundle id also comes from $DEEPLINK_BUNDLE_ID or the routes file's ios.bundleId; the "
      + "target is the one booted simulator unless --target names one. Exits 75 when the "
      + "agent does not answer within --timeout (default 30), 69 at once when the app's "
      + "process exits first or the app is not installed."
  }

  static var options: [CommandOption] {
    [
      CommandOption(.bundleID, help: "The app to start"),
      CommandOption(Self.relaunchFlag, help: "Stop the app first if it runs, so that it starts afresh"),
      CommandOption(
        Self.environmentFlag, .text, placeholder: "NAME=VALUE", repeatable: true,
        help: "A variable of the app's environment (SIMCTL_CHILD_NAME for simctl); repeatable"),
      CommandOption(
        Self.argumentFlag, .text, placeholder: "value", repeatable: true,
        help: "A launch argument, after the bundle id; repeatable, in order"),
      CommandOption(.target, help: "The simulator (default: the one booted)"),
      CommandOption(.timeout, help: "How long to wait for the app's agent, with exit code 75 (default 30)"),
    ]
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    let start = "\(tool.name) launch --target simulator --bundle-id \(tool.exampleBundleID)"
    var examples = [
      (start + " --relaunch", "starts the app afresh on the booted simulator and waits for its agent")
    ]
    if let link = RouteExample.representative(in: table) {
      examples.append(
        (
          start + " --relaunch --env API_URL=http://localhost:8080 --arg -AppleLanguages --arg '(fr)' "
            + link.commandLine,
          "starts it afresh with a variable and two launch arguments, then opens that screen"
        ))
    }
    return examples
  }

  /// `--relaunch`.
  static let relaunchFlag = "--relaunch"
  /// `--env NAME=VALUE`.
  static let environmentFlag = "--env"
  /// `--arg VALUE`.
  static let argumentFlag = "--arg"

  /// `--relaunch`: stop the app first if it runs.
  let relaunch: Bool
  /// The `--env` variables, in order.
  let variables: [LaunchVariable]
  /// The `--arg` launch arguments, in order.
  let arguments: [String]
  /// The link to apply once the agent answers, if a route was given.
  let link: Link?

  init(relaunch: Bool = false, variables: [LaunchVariable] = [], arguments: [String] = [], link: Link? = nil)
  {
    self.relaunch = relaunch
    self.variables = variables
    self.arguments = arguments
    self.link = link
  }

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {
    relaunch = arguments.has(Self.relaunchFlag)
    let launchArguments = arguments.repeated[Self.argumentFlag] ?? []
    do throws(LaunchInputError) {
      variables = try (arguments.repeated[Self.environmentFlag] ?? []).map(LaunchVariable.parse)
      for (index, argument) in launchArguments.enumerated() {
        try LaunchVariable.checkArgument(argument, index: index + 1)
      }
    } catch {
      throw .launchInput(error)
    }
    self.arguments = launchArguments
    link = nil
  }

  /// Launch's own options, then optionally a route and the route's options.
  static func parse(_ parser: inout InvocationParser) throws(UsageError) -> LaunchCommand {
    let own = try LaunchCommand(parser.arguments(of: Self.self, stopsAtWord: true), table: parser.table)
    guard let word = try parser.nextWord(in: .command(name)) else { return own }
    guard let route = parser.table.route(named: word) else {
      throw .unknownRoute(word, suggestion: parser.table.suggestion(for: word))
    }
    let link = try parser.parseRoute(route, allowsGlobalOptions: true)
    return LaunchCommand(
      relaunch: own.relaunch, variables: own.variables, arguments: own.arguments, link: link)
  }

  /// `deeplink launch --target simulator[:DEVICE] --bundle-id ID [--relaunch] [--env …] [--arg …]
  /// [<route> …]`: ``SimulatorLaunch/run(in:command:)``, then prints what it did: with
  /// `--dry-run` the `xcrun` line and the link, else the app it reached, or the screen (with
  /// `--json`, the state) once the app acknowledged the link.
  ///
  /// - Throws: what ``SimulatorLaunch/run(in:command:)`` throws.
  func run(in context: CommandContext) throws {
    let launch = SimulatorLaunch(relaunch: relaunch, variables: variables, arguments: arguments, link: link)
    switch try launch.run(in: context) {
    case .planned(let lines):
      try context.write(lines.joined(separator: "\n") + "\n")
    case .reached(let agent):
      try context.write(agent.report(json: context.options.json))
    case .applied(let agent, let reply):
      try context.aimed(at: agent.socket).printState(reply)
    }
  }
}

extension LaunchCommand: McpToolCommand {
  static var mcpTools: [McpTool] { [.launch] }

  /// Runs `launch` for a tool call and returns what it did: the lines it would run
  /// (`--dry-run`), the app it reached, or, with a route, the screen and state as a route tool
  /// returns them. Each step is reported as progress, when the call asked for it.
  static func toolResult(_ launch: SimulatorLaunch, in call: McpToolCall) throws(McpToolCallError) -> JSON {
    let outcome: SimulatorLaunch.Outcome
    do {
      outcome = try call.target.launch(
        launch,
        progress: call.progress.map { progress in
          { step in progress.report(step.number, of: launch.stepCount, step.message) }
        })
    } catch {
      throw .failure(error.commandFailure)
    }
    switch outcome {
    case .planned(let lines):
      return McpServedTools.success(content: [
        McpServedTools.text("would run: " + lines.joined(separator: "; "))
      ])
    case .reached(let agent):
      let report = agent.report(json: false)
      let structured = (try? JSON.parse(Array(agent.report(json: true).utf8))) ?? .emptyObject
      return McpServedTools.success(text: String(report.dropLast()), structured: structured)
    case .applied(_, let reply):
      guard let state = reply["state"], let screen = state["screen"]?.stringValue else {
        throw .failure(ClientFailure.badReply("the app acknowledged the link without its state"))
      }
      return call.withPicture(McpServedTools.success(text: CommandContext.visible(screen), structured: state))
    }
  }
}

extension McpTool {
  /// `launch`: starts the app on a simulator into a state, as `deeplink launch` does. On a
  /// target that offers none, a call says which targets do.
  static let launch = McpTool(
    command: LaunchCommand.self, title: "Launch the app on a simulator, into a state", effect: .startsApp,
    needs: .launch,
    input: { _, _ in McpToolSchema.launchInput },
    describe: { _, tool in
      "Starts the app on the simulator, as `\(tool.name) launch` does: xcrun simctl launch "
        + "<UDID> <bundle id> with the launch arguments 'args' after the bundle id and each 'env' "
        + "NAME=VALUE given to simctl as SIMCTL_CHILD_NAME (the app sees NAME); 'relaunch' stops a "
        + "running app first, for a fresh process. It waits until the app's deeplink agent answers "
        + "(the timeout of the server), then, with 'route' (and that route's 'arguments', as the "
        + "route's own tool takes them), applies its link, waits until it is applied and returns "
        + "the screen. Without 'route', it returns the app it reached. Offered only on a simulator "
        + "target with the app's bundle id (deeplink mcp --target simulator --bundle-id ID): it "
        + "needs the deeplink agent in the app."
    },
    call: { call throws(McpToolCallError) in
      try LaunchCommand.toolResult(McpLaunchInput.launch(call.arguments, table: call.table), in: call)
    },
    unlisted: { target in
      do {
        _ = try target.launch(SimulatorLaunch(), progress: nil)
      } catch {
        return .failure(error.commandFailure)
      }
      return nil
    })
}
