/// The tools `deeplink mcp` serves besides the routes, in the order `tools/list` gives them:
/// each declared by its command (``McpToolCommand``) in the command's own file.
///
/// Read only by `deeplink mcp`, never by ``CommandRegistry``: no other command's start-up
/// builds a tool.
enum McpToolRegistry {
  static let tools: [McpTool] = [.routes, .open, .state, .screen, .openURL, .screenshot, .launch]
}
