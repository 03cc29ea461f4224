/// A command that `deeplink mcp` also serves as tools, declared in the command's own file.
///
/// The command's tools are ``McpTool`` values: the first named as the command is
/// (``McpTool/init(command:title:effect:needs:outputSchema:input:describe:call:unlisted:)``),
/// with its description, input schema and the call that runs it against the session's target.
/// ``McpToolRegistry`` lists them in `tools/list`'s order; a test keeps that list equal to the
/// tools of the commands that conform.
///
///     extension StateCommand: McpToolCommand {
///       static var mcpTools: [McpTool] { [.state] }
///     }
protocol McpToolCommand: ToolCommand {
  /// The tools the command declares.
  static var mcpTools: [McpTool] { get }
}
