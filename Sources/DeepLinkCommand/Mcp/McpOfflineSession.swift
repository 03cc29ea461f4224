package import DeepLinkRoutes
package import DeepLinkWire

/// An MCP session of `deeplink mcp` whose links go to no app: each is "applied" at once with
/// an empty state, nothing is sent anywhere. For fuzzing the protocol's lines (`fuzz-mcp`):
/// the session, its parsing and its tools are the real ones.
package struct McpOfflineSession {
  var session: McpSession

  /// A session over `table`'s routes, before `initialize`.
  package init(table: RouteTable) {
    session = McpSession(toolbox: McpServedTools(table: table, tool: .deeplink, delivery: OfflineDelivery()))
  }

  /// Sends `initialize` and `notifications/initialized`; returns the replies.
  package mutating func handshake() -> [JSON] {
    replies(to: [
      Array(
        #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}"#.utf8)[
          ...],
      Array(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8)[...],
    ])
  }

  /// The responses to `lines`, received together, as ``McpSession/replies(to:)`` gives them;
  /// each is written as its `serialized` line.
  package mutating func replies(to lines: [ArraySlice<UInt8>]) -> [JSON] {
    session.replies(to: lines)
  }
}

/// Applies every link at once, with an empty state; a screenshot is an empty PNG signature.
struct OfflineDelivery: McpTarget {
  static let state = JSON.object([("path", .array([])), ("overrides", .emptyObject), ("screen", .string(""))])

  var acknowledges: Bool { true }
  var takesScreenshots: Bool { true }

  func open(_ link: Link) throws -> LinkOutcome { .applied(state: Self.state) }
  func state() throws -> JSON { Self.state }
  func screen() throws -> String { "" }
  func screenshot() throws -> McpScreenshot {
    McpScreenshot(png: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], note: nil)
  }
}
