/// What `deeplink mcp` asks before each `tools/list` and `tools/call`: whether the tools of
/// the session still hold, for the app that answers now.
///
/// A follower's contract: it costs at most one round trip to an app that runs and at most the
/// request timeout to one that does not answer; an app that is not there is no change (the
/// tools stay, and a call that needs no app still works); a table it cannot take is
/// ``McpToolsChange/refused(_:)``, never a change.
protocol McpToolsFollower {
  /// The tools for the next request, `request`.
  ///
  /// Before a call that sends a link, a follower may trust a connection it keeps to the app
  /// (one process serves one table while it runs) and ask nothing; ``recheck(afterCallFailed:)`` then says
  /// whether the call found out otherwise.
  func follow(before request: McpFollowedRequest) -> McpToolsChange

  /// After a `tools/call` that ``follow(before:)`` let through on trust: `nil` when there is
  /// nothing to doubt, else what following the app afresh found, and whether to make the call
  /// again. Doubted: a call that found the kept connection closed, nothing sent (the app
  /// exited or dropped it idle: made again whatever the table), and a call that failed, which
  /// a restarted app's new tools may serve (made again only when the tools changed).
  func recheck(afterCallFailed failed: Bool) -> McpRecheck?
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

/// What a ``McpToolsFollower`` found when it followed the app again after a call.
struct McpRecheck {
  /// The tools now.
  let change: McpToolsChange
  /// Whether the call is to be made again, with those tools.
  let callAgain: Bool
}

/// The request a ``McpToolsFollower`` is asked before.
enum McpFollowedRequest {
  /// `tools/list`, or a call of a tool that sends no link (`routes` answers from the table,
  /// `state` may be asked to check it): the tools must be the app's now.
  case list
  /// A call of a tool that sends a link (``McpToolEffect/appliesLink``): the call itself tells
  /// whether the app it reaches is the one followed.
  case link
}
