import DeepLinkRoutes
import DeepLinkWire

/// `deeplink batch`: Send one link per line, all over one connection.
struct BatchCommand: ToolCommand, Equatable {
  static let name = "batch"
  static let synopsis = "[<file> | -]"
  static let summary = "Send one link per line, all over one connection"

  static let operands = CommandOperands.one("batch takes at most one file", completion: .path)

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    "Reads links from a file, or from standard input when the file is '-' or left out, and "
      + "sends them one by one over one connection, each waiting for its acknowledgement. A "
      + "line is a route in command-line form (with shell-like quoting) or a URL; blank lines "
      + "and lines starting with '#' are skipped. Every line is checked before the first is "
      + "sent. The batch stops at the first failure, names its line number, and exits with "
      + "that failure's code."
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    let link = RouteExample.representative(in: table)
    var lines = ["# one link per line"]
    lines += [link, table.routes.lazy.compactMap(RouteExample.full).first].compactMap { $0?.commandLine }
    if let last = table.routes.last.flatMap(RouteExample.minimal) {
      lines.append(table.url(for: last))
    }
    return [
      (
        "\(tool.name) batch steps.txt",
        "sends the links of steps.txt, such as:\n" + lines.map { "  " + $0 }.joined(separator: "\n")
      ),
      (
        "echo \(ShellQuoting.quote(lines.dropFirst().first ?? "")) | \(tool.name) batch",
        "one link from standard input"
      ),
    ]
  }

  /// The file of links; `nil` reads standard input (also for `-`).
  let path: String?

  init(path: String?) {
    self.path = path
  }

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {
    let word = arguments.words.first
    path = word == "-" ? nil : word
  }

  /// `deeplink batch [FILE|-]`: checks every line first (a usage error sends nothing), then
  /// sends the links one by one over one connection, stopping at the first failure. A batch
  /// with no link is a usage error, like a bare `deeplink`: an empty scenario is a mistake
  /// (a wrong path, a generator that wrote nothing), never a green step.
  ///
  /// Output per applied line: the screen (text); with `--json` one object per line (JSON
  /// Lines): `line` (the batch line's number), `applied` (the canonical URL) and the state's
  /// `path`, `overrides` and `screen`; nothing with `--quiet`.
  func run(in context: CommandContext) throws {
    let context = try context.devices.routed().context
    let steps = try BatchScript.steps(
      of: path, input: context.input, table: context.table, tool: context.tool
    ).map { (line: $0.line, url: $0.url) }
    let target = try context.devices.target()
    guard target == .app else {
      try deliverBatch(steps, to: target, in: context)
      return
    }
    if context.options.dryRun {
      try context.write(
        context.devices.plannedCommands(steps.map(\.url), to: target).joined(separator: "\n") + "\n")
      return
    }
    let app = context.app
    var session = try app.connect()
    defer { session.close() }
    for (number, url) in steps {
      let reply: JSON
      do {
        // Each link's deadline counts from when it is sent, after the steps before it.
        let request = AppSession.openRequest(url, timeoutMilliseconds: context.options.timeoutMilliseconds)
        reply = try app.warnAboutVersion(&session) { (s: inout AppSession) throws(ClientFailure) in
          try s.request(request)
        }
      } catch {
        throw BatchFailure(line: number, error.commandFailure, tool: context.tool)
      }
      // Each state is printed as soon as its link is applied; --json lines name their batch
      // line and the canonical URL applied, so a script can match them to its steps.
      let state: (json: JSON, screen: String)
      do {
        state = try AppClient.appliedState(reply, leading: [("line", .int(number))])
      } catch {
        throw BatchFailure(line: number, error.commandFailure, tool: context.tool)
      }
      try context.write(
        context.options.json
          ? state.json.serialized + "\n"
          : "» line \(number): \(url)\n" + CommandContext.visible(state.screen) + "\n")
    }
  }

  /// `batch` over a simulator or Android target: the device is chosen once, then each link is
  /// delivered in order, stopping at the first failure with its line number.
  func deliverBatch(
    _ steps: [(line: Int, url: String)], to target: DeliveryTarget, in context: CommandContext
  )
    throws
  {
    try context.devices.requireBundleID(for: target)
    if context.options.dryRun {
      try context.write(
        context.devices.plannedCommands(steps.map(\.url), to: target).joined(separator: "\n") + "\n")
      return
    }
    let runner = context.devices.programRunner()
    let device = try context.devices.resolve(target, runner: runner)
    for (number, url) in steps {
      do {
        try context.devices.deliver(url, to: device, runner: runner)
        try context.devices.reportDelivery(url, to: device)
      } catch {
        throw BatchFailure(line: number, error.commandFailure, tool: context.tool)
      }
    }
  }
}
