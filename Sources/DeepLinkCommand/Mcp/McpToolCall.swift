import DeepLinkRoutes
import DeepLinkWire

/// One call of a tool: its arguments and the session's tools it runs in, which give the table,
/// the target and the ways every tool answers (a link's result, a picture, progress).
struct McpToolCall {
  /// The call's `arguments`, in the order given.
  let arguments: [(String, JSON)]
  /// The tools of the session, served for its table and target.
  let served: McpServedTools
  /// Where a long call reports each step, when its request asked for progress.
  let progress: McpProgress?

  /// The table the call is checked against.
  var table: RouteTable { served.table }
  /// Where the call goes: the app, or a simulator or device.
  var target: any McpTarget { served.delivery }

  /// Throws for the first argument given, as the command line does for an option `command`
  /// does not take; `takes` are the options it does.
  func reject(arguments: [(String, JSON)]? = nil, of command: String, takes: [String])
    throws(McpToolCallError)
  {
    try McpServedTools.reject(arguments ?? self.arguments, of: command, takes: takes)
  }

  /// Sends `link` and returns the app's screen and state, as a route tool does.
  func open(_ link: Link) throws(McpToolCallError) -> JSON {
    try served.open(link)
  }

  /// `result` with a picture of the screen, when the session takes pictures.
  func withPicture(_ result: JSON) -> JSON {
    served.withPicture(result)
  }
}
