import DeepLinkRoutes
import DeepLinkWire

/// `deeplink mcp`: Serve the routes as tools to coding agents (MCP).
struct McpCommand: ToolCommand, Equatable {
  static let name = "mcp"
  static let synopsis = ""
  static let summary = "Serve the routes as tools to coding agents (MCP)"
  static let subcommands: [any ToolCommand.Type] = [McpInstallCommand.self]

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    "Runs a Model Context Protocol server on standard input and output, for coding agents: "
      + "every route is a tool whose arguments are the route's options, typed and checked as "
      + "on the command line, and whose result is the screen and the state the app then "
      + "shows. The tools 'state' and 'screen' read without changing anything; 'open_url' "
      + "sends a raw URL. The server runs until its input ends, and takes its table and its "
      + "target as every other command does: "
      + (tool.readsRoutesFiles ? "--routes (or a routes file found), " : "") + "--socket, "
      + "--timeout, --target (on a simulator or device, a tool says where its link went, with "
      + "no state, and 'screenshot' returns a PNG of the screen). "
      + (tool.readsRoutesFiles
        ? "Unless --routes or $DEEPLINK_ROUTES names the table, the tools follow the app: when it "
          + "answers with another table (rebuilt with a new route), the next tools/list or "
          + "tools/call uses it, after notifications/tools/list_changed. " : "")
      + "On a simulator target, a 'launch' tool starts the app as '\(tool.name) launch' "
      + "does (arguments, environment, then a route), and an app whose agent answers after the "
      + "server started serves it from then on. With --pictures and a simulator "
      + "or Android target, each route tool's result also carries a picture of the screen taken "
      + "once the app acknowledged the link (on Android, once it was delivered) and the screen "
      + "stopped changing (--settle-timeout, --tolerance; a result says when it did not), as MCP image "
      + "content scaled to at most \(McpPicture.longestSide) pixels on its longer side and \(McpPicture.maximumBytes / 1000) kB of PNG (under 1 MB once base64-encoded); "
      + "such a result carries no structuredContent, which some clients show instead of the content. Configure an "
      + "agent with the command 'deeplink mcp'; see README.md."
  }

  static var options: [CommandOption] {
    [
      CommandOption(.timeout, help: "How long each tool call waits for the app"),
      CommandOption(
        McpToolSet.flag, .text, placeholder: McpToolSet.allCases.map(\.rawValue).joined(separator: "|"),
        help:
          "A tool per route, or only 'routes' and 'open' (default: per-route up to \(McpToolSet.perRouteLimit) routes)"
      ),
      CommandOption(
        Self.picturesFlag,
        help: "With a simulator or Android target: a picture of the screen with each route tool's result"),
      Settling.timeoutOption, Settling.toleranceOption,
    ]
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    let add = (
      "claude mcp add \(tool.name) -- \(tool.name) mcp",
      "lets Claude Code call the routes as tools"
    )
    guard tool.readsRoutesFiles else { return [add] }
    return [
      add,
      ("\(tool.name) mcp --routes shop.routes.json", "serves the routes of that file as the tools"),
    ]
  }

  /// `--pictures`.
  static let picturesFlag = "--pictures"

  /// `--pictures`: a picture of the screen with each route tool's result.
  let pictures: Bool
  /// How each picture waits for the screen to stop changing.
  let settling: Settling
  /// `--tools`: which tools are listed; `nil` for the default of the table's size.
  let toolSet: McpToolSet?

  static let isQuietable = false

  init(pictures: Bool = false, settling: Settling = Settling(), toolSet: McpToolSet? = nil) {
    self.pictures = pictures
    self.settling = settling
    self.toolSet = toolSet
  }

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {
    pictures = arguments.has(Self.picturesFlag)
    settling = try arguments.settling()
    if let text = arguments.values[McpToolSet.flag] {
      guard let set = McpToolSet(rawValue: text) else {
        throw .invalidValue(
          option: McpToolSet.flag, value: text,
          expected: McpToolSet.allCases.map(\.rawValue).joined(separator: " or "), in: .command(Self.name))
      }
      toolSet = set
    } else {
      toolSet = nil
    }
  }

  func run(in context: CommandContext) throws {
    // The device of the pictures is chosen before the agent, for the whole session.
    let device = pictures ? try pictureDevice(in: context) : nil
    // A simulator app's agent answering when the session starts serves the session; one that
    // answers later is found at the next request (``AppFollower``).
    let routing = try context.devices.routed()
    let target = try context.devices.target()
    var awaited: String? = nil
    if case .simulator(let device) = target, !context.options.dryRun,
      routing.context.options.target != .app
    {
      awaited = routing.simulator?.id.uppercased() ?? device?.uppercased()
    }
    try serve(
      in: routing.context, pictures: device, launch: target.kind == .simulator ? context : nil,
      simulator: awaited, agent: routing.agent)
  }

  /// The longest message `deeplink mcp` reads: 1 MiB, far beyond any tool call (a link's
  /// request is at most 64 KiB) and small enough that a runaway client costs little.
  static let maximumMcpLineLength = 1 << 20

  /// `deeplink mcp`: answers MCP messages on standard input, one per line, on standard output,
  /// until the input ends (then returns: exit 0). Nothing but protocol messages goes to
  /// standard output.
  ///
  /// - Throws: ``StreamFailure/output(_:)`` when standard output cannot be written, and
  ///   ``StreamFailure/input(_:)`` when standard input cannot be read.
  ///
  /// - Parameters:
  ///   - launch: the context of a simulator target as the command line gave it: the `launch`
  ///     tool's; `nil` on other targets.
  ///   - simulator: the UDID of a simulator target whose app's agent did not answer at the
  ///     start, looked for again at each request.
  ///   - agent: the simulator app's agent that answered at the start, if any: its table is
  ///     cached under its simulator and bundle id, as every command caches it.
  func serve(
    in context: CommandContext, pictures: ResolvedDevice?, launch: CommandContext? = nil,
    simulator: String? = nil, agent: SimulatorAgent? = nil
  ) throws {
    let target = try context.devices.target()
    if settling.isGiven, target == .app {
      throw UsageError.invalidUse(
        (settling.timeout != nil ? Settling.timeoutFlag : Settling.toleranceFlag)
          + " is for pictures of a simulator or an Android device, and the app target has no pixels; "
          + "give --target simulator or --target android", hint: nil)
    }
    var mcpContext = context
    // Each tool call waits its whole --timeout: the time asking the app for its table took
    // at the start counts against the first command line only.
    mcpContext.options.spentMilliseconds = 0
    var launchContext = launch
    launchContext?.options.spentMilliseconds = 0
    let delivery = McpSessionTarget(
      context: mcpContext, target: target, launchContext: launchContext, pictureDevice: pictures,
      settling: settling)
    let toolbox = McpServedTools(table: context.table, tool: context.tool, delivery: delivery, set: toolSet)
    var session = McpSession(
      toolbox: toolbox, follower: follower(of: delivery, simulator: simulator, agent: agent))
    // A request's progress is written as it happens, before its response.
    session.send = { notification in
      var bytes: [UInt8] = []
      notification.serialize(into: &bytes)
      bytes.append(UInt8(ascii: "\n"))
      try? context.write(bytes)
    }
    var reader = McpLineReader(maximumLength: Self.maximumMcpLineLength)
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count: Int
      do {
        count = try context.input.read(into: &chunk)
      } catch {
        throw StreamFailure.input(error)
      }
      let lines = count == 0 ? reader.finish().map { [$0] } ?? [] : reader.lines(in: chunk[..<count])
      try answer(lines, in: &session, context: context)
      if count == 0 { return }
    }
  }

  /// What follows the app during the session (``AppFollower``): its table, unless the table
  /// is named explicitly (`--routes`, `DEEPLINK_ROUTES`) or built into a tool that reads no
  /// routes file, which never changes; and a simulator app's agent that answers later. `nil`
  /// when nothing can change.
  func follower(of delivery: McpSessionTarget, simulator: String?, agent: SimulatorAgent?) -> AppFollower? {
    let context = delivery.context
    let followsTable: Bool
    switch context.source {
    case .option, .environment: followsTable = false
    case .builtIn, .found, .app, .cache: followsTable = context.tool.readsRoutesFiles
    }
    guard followsTable || simulator != nil else { return nil }
    return AppFollower(
      delivery: delivery, simulator: simulator, agent: agent, builtIn: context.builtIn,
      followsTable: followsTable)
  }

  /// The device whose screen `mcp --pictures` shows with each route tool's result: the
  /// simulator or Android device of the target, chosen once for the session; `nil` with
  /// `--dry-run`, which takes no pictures.
  ///
  /// - Throws: 64 on the app target, which has no pixels; what choosing the device throws.
  func pictureDevice(in context: CommandContext) throws -> ResolvedDevice? {
    guard !context.options.dryRun else { return nil }
    let target = try context.devices.target()
    switch target {
    case .app:
      throw UsageError.invalidUse(
        "--pictures shows the screen of a simulator or an Android device, and the app target has no "
          + "pixels; give --target simulator or --target android", hint: nil)
    case .simulator(let device):
      let (udid, resolved) = try context.devices.simulatorUDID(device)
      return resolved ?? ResolvedDevice(kind: .simulator, id: udid, name: udid)
    case .device:
      throw DeviceFailure.wrongTarget(
        Self.name, target, expected: "simulator and android targets for --pictures")
    case .android:
      return try context.devices.resolve(target, runner: context.devices.programRunner())
    }
  }

  /// Answers `lines`, received together, and writes the answers in one write.
  private func answer(
    _ lines: [McpLineReader.Line], in session: inout McpSession, context: CommandContext
  ) throws {
    var output: [JSON] = []
    var messages: [ArraySlice<UInt8>] = []
    for line in lines {
      switch line {
      case .message(let bytes):
        messages.append(bytes)
      case .tooLong:
        output += session.replies(to: messages)
        messages = []
        output.append(
          JSONRPCMessage.response(
            id: .null,
            error: .invalidRequest(
              "the message is longer than \(Self.maximumMcpLineLength) bytes; it was dropped")))
      }
    }
    output += session.replies(to: messages)
    guard !output.isEmpty else { return }
    var bytes: [UInt8] = []
    for response in output {
      response.serialize(into: &bytes)
      bytes.append(UInt8(ascii: "\n"))
    }
    try context.write(bytes)
  }
}
