import DeepLinkRoutes
import DeepLinkWire

/// What the server says about itself: the revisions it speaks, its one capability, who it is,
/// and the instructions every link tool shares.
extension McpSession {
  /// The revisions of the `initialize` handshake this server speaks, newest first.
  static let handshakeVersions = ["2025-11-25", "2025-06-18"]
  /// The revisions of stateless requests this server speaks, newest first.
  static let modernVersions = ["2026-07-28"]
  /// Every revision this server speaks, newest first: what `server/discover` answers.
  static let supportedVersions = modernVersions + handshakeVersions

  /// How long a client may keep `server/discover`'s result: an hour, as what it says (the
  /// revisions, the capabilities) never changes while the server runs.
  static let discoverTTL = 3_600_000

  /// The one capability: tools, a list that changes when the app's table does.
  static let capabilities = JSON.object([("tools", .object([("listChanged", .bool(true))]))])

  /// Who the server is.
  static func serverInfo(_ tool: ToolIdentity) -> JSON {
    .object([
      ("name", .string(tool.name)), ("title", .string(tool.name)),
      ("version", .string(DeepLinkVersion.number)),
    ])
  }

  /// What every link tool shares, said once for the model rather than in each tool.
  static let instructions =
    "Each route tool (and 'open', which takes any route by name) sends a debug link to the "
    + "running app, waits until the app applied it, and returns the screen the app then shows. "
    + "A link describes a whole state, so calls can be repeated. 'routes' lists the app's "
    + "current routes, also those added after the tools were listed. 'state' and 'screen' look "
    + "without changing anything. A failed call returns isError with a message that says what to fix."

  /// The server's half of the handshake: the revision, the one capability (tools, a list
  /// that changes when the app's table does: `listChanged`), who it is, and a hint for the
  /// model.
  static func initializeResult(version: String, tool: ToolIdentity) -> JSON {
    .object([
      ("protocolVersion", .string(version)),
      ("capabilities", capabilities),
      ("serverInfo", serverInfo(tool)),
      ("instructions", .string(instructions)),
    ])
  }
}
