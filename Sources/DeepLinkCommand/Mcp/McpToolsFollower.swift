/// What `deeplink mcp` asks before each `tools/list` and `tools/call`: whether the tools of
/// the session still hold, for the app that answers now.
///
/// A follower's contract: it costs at most one round trip to an app that runs and at most the
/// request timeout to one that does not answer; an app that is not there is no change (the
/// tools stay, and a call that needs no app still works); a table it cannot take is
/// ``McpToolsChange/refused(_:)``, never a change.
protocol McpToolsFollower {
  /// The tools for the next request.
  func follow() -> McpToolsChange
}

/// What a ``McpToolsFollower`` found.
enum McpToolsChange {
  /// The tools hold.
  case unchanged
  /// The app serves other tools: these.
  case changed(McpServedTools)
  /// The app serves a table that cannot be taken (``AppTable``): the tools stay as they
  /// were, and a call says why.
  case refused(McpToolCallError)
}
