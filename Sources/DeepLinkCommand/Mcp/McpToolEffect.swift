/// What a tool of `deeplink mcp` does to the app, which its MCP behaviour hints
/// (``McpTool/annotations``) say.
enum McpToolEffect: Sendable {
  /// Reads and changes nothing: read-only.
  case readsOnly
  /// Applies a link: it changes only the app's navigation state, replaces it whole
  /// (idempotent) and reaches nothing outside the app.
  case appliesLink
  /// Starts the app, and may stop the running one first (`relaunch`): destructive, not
  /// idempotent.
  case startsApp
}
