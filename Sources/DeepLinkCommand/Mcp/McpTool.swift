import DeepLinkRoutes
import DeepLinkWire

/// One tool of `deeplink mcp`: a route of the table, or a tool a command declares in its own
/// file (``McpToolCommand``).
///
/// Route tools are named after their route (``route(_:)``); the others have names no route can
/// take (`routes`, `open`, `state`, `screen` and `launch` are commands, `open_url` has an
/// underscore, `screenshot` is reserved), so `RouteTable.problems` reports a table that would
/// collide with one.
///
///     McpTool.state.name  // "state", StateCommand's name
struct McpTool: Sendable {
  let name: String
  /// A short title for people, in `tools/list`.
  let title: String
  /// What the tool does to the app: its MCP behaviour hints.
  let effect: McpToolEffect
  /// What the target must do for the tool to be listed; nil: every target lists it.
  let needs: McpTargetAbility?
  /// Only `screen` declares an `outputSchema`: every other result is the state of whatever
  /// app answers (or, on a device target or with `--dry-run`, where the link went), which no
  /// schema declared once can promise, and a result with a picture carries no
  /// `structuredContent`, which a declared schema would require.
  let outputSchema: JSON?
  /// The JSON Schema of the arguments, for the table and the tool set served.
  let input: @Sendable (_ table: RouteTable, _ set: McpToolSet) -> JSON
  /// What the tool does, for the model. What every link tool shares (it waits for the app,
  /// returns the screen, can be repeated) is said once, in the server's instructions.
  let describe: @Sendable (_ table: RouteTable, _ tool: ToolIdentity) -> String
  /// Runs a call against the session's target: the tool result, or why it failed.
  let call: @Sendable (McpToolCall) throws(McpToolCallError) -> JSON
  /// Where the tool is not listed (its target lacks ``needs``), the error a call to it gets;
  /// nil, or a nil error: the call names an unknown tool.
  let unlisted: (@Sendable (any McpTarget) -> McpToolCallError?)?

  /// A tool named `name`.
  init(
    name: String, title: String, effect: McpToolEffect, needs: McpTargetAbility? = nil,
    outputSchema: JSON? = nil,
    input: @escaping @Sendable (_ table: RouteTable, _ set: McpToolSet) -> JSON,
    describe: @escaping @Sendable (_ table: RouteTable, _ tool: ToolIdentity) -> String,
    call: @escaping @Sendable (McpToolCall) throws(McpToolCallError) -> JSON,
    unlisted: (@Sendable (any McpTarget) -> McpToolCallError?)? = nil
  ) {
    self.name = name
    self.title = title
    self.effect = effect
    self.needs = needs
    self.outputSchema = outputSchema
    self.input = input
    self.describe = describe
    self.call = call
    self.unlisted = unlisted
  }

  /// The tool of `command`, named as the command is.
  init(
    command: any ToolCommand.Type, title: String, effect: McpToolEffect, needs: McpTargetAbility? = nil,
    outputSchema: JSON? = nil,
    input: @escaping @Sendable (_ table: RouteTable, _ set: McpToolSet) -> JSON,
    describe: @escaping @Sendable (_ table: RouteTable, _ tool: ToolIdentity) -> String,
    call: @escaping @Sendable (McpToolCall) throws(McpToolCallError) -> JSON,
    unlisted: (@Sendable (any McpTarget) -> McpToolCallError?)? = nil
  ) {
    self.init(
      name: command.name, title: title, effect: effect, needs: needs, outputSchema: outputSchema,
      input: input,
      describe: describe, call: call, unlisted: unlisted)
  }

  /// The tools of a session on `target`: with ``McpToolSet/perRoute``, the table's routes in
  /// declaration order; then the commands' tools (``McpToolRegistry``) the target can serve.
  static func all(in table: RouteTable, set: McpToolSet = .perRoute, target: any McpTarget) -> [McpTool] {
    (set == .perRoute ? table.routes.map(McpTool.route) : [])
      + McpToolRegistry.tools.filter { $0.needs.map(target.has) ?? true }
  }

  /// The names of the tools that are not routes, `screenshot` (device targets) among them:
  /// the route names `deeplink` reserves, read without building the tools.
  /// `McpToolRegistryTests` keeps it equal to the tools' own names.
  static let fixedNames = ["routes", "open", "state", "screen", "open_url", "screenshot"]

  /// The tool as `tools/list` describes it.
  ///
  /// Links that are not `acknowledged` (a device target, `--dry-run`) return no state, and
  /// the tools that would return it say so.
  func definition(
    in table: RouteTable, tool: ToolIdentity, set: McpToolSet = .perRoute, acknowledged: Bool = true
  ) -> JSON {
    var description = describe(table, tool)
    if !acknowledged && (effect == .appliesLink || needs == .acknowledgement) {
      description +=
        " Here the link goes to a simulator or device (or nowhere, with --dry-run), which "
        + "cannot acknowledge it: the result says where it went, and holds no screen or state."
    }
    var members: [(String, JSON)] = [
      ("name", .string(name)),
      ("title", .string(title)),
      ("description", .string(description)),
      ("inputSchema", input(table, set)),
    ]
    if acknowledged, let outputSchema { members.append(("outputSchema", outputSchema)) }
    members.append(("annotations", annotations))
    return .object(members)
  }

  /// MCP's behaviour hints, from the tool's ``effect``. The title is the tool's own, not
  /// repeated here.
  var annotations: JSON {
    switch effect {
    case .readsOnly:
      .object([("readOnlyHint", .bool(true)), ("openWorldHint", .bool(false))])
    case .appliesLink:
      .object([
        ("readOnlyHint", .bool(false)), ("destructiveHint", .bool(false)),
        ("idempotentHint", .bool(true)), ("openWorldHint", .bool(false)),
      ])
    case .startsApp:
      .object([
        ("readOnlyHint", .bool(false)), ("destructiveHint", .bool(true)),
        ("idempotentHint", .bool(false)), ("openWorldHint", .bool(false)),
      ])
    }
  }
}
