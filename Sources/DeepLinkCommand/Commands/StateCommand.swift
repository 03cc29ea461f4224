import DeepLinkRoutes
import DeepLinkWire

/// `deeplink state`: Print the app's current state.
struct StateCommand: ToolCommand, Equatable {
  static let name = "state"
  static let synopsis = "[--json]"
  static let summary = "Print the app's current state"

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    "Asks the running app for its state: the navigation stack, the debug overrides in force "
      + "and the screen. With --json, one JSON object with 'path', 'overrides' and 'screen'."
  }

  static var options: [CommandOption] {
    [CommandOption(.json, help: "Print the state as one JSON object")]
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    return [("\(tool.name) state --json", "prints the state as one JSON object")]
  }

  init() {}

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {}

  func run(in context: CommandContext) throws {
    let routing = try context.devices.routed()
    let context = routing.context
    try context.devices.requireApp(for: Self.name)
    let state = try context.app.state()
    try context.write(
      context.options.json ? state.pretty + "\n" : CommandContext.visible(StateText.render(state)))
  }
}

extension StateCommand: McpToolCommand {
  static var mcpTools: [McpTool] { [.state] }
}

extension McpTool {
  /// `state`: the app's state, as `deeplink state --json` prints it; changes nothing.
  static let state = McpTool(
    command: StateCommand.self, title: "Read the app's state", effect: .readsOnly, needs: .acknowledgement,
    input: { _, _ in McpToolSchema.object(properties: []) },
    describe: { _, _ in
      "The app's current state: its navigation stack, the debug overrides in force and "
        + "its screen. Changes nothing."
    },
    call: { call throws(McpToolCallError) in
      try call.reject(of: StateCommand.name, takes: [])
      let state: JSON
      do { state = try call.target.state() } catch { throw .failure(error.commandFailure) }
      return McpServedTools.success(text: CommandContext.visible(StateText.render(state)), structured: state)
    })
}
