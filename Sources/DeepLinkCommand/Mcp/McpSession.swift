import DeepLinkRoutes
import DeepLinkWire

/// The Model Context Protocol over one connection, as a state machine: lines in, response
/// lines out. No I/O here; ``McpCommand/serve(in:pictures:launch:simulator:)`` reads and writes
/// the lines.
///
/// It follows the `initialize` handshake of revisions 2025-06-18 and 2025-11-25:
/// - `initialize` first: the client's revision if it is one of ``supportedVersions``, else the
///   newest one (the client then decides whether to go on). A second `initialize` is an error.
/// - `ping` at any time, answered with `{}`.
/// - `tools/list` and `tools/call` after `initialize`; before it, -32600.
/// - The tools follow the app: before each `tools/list` and `tools/call` (after `initialize`),
///   the ``ToolboxFollower`` is asked whether the app that answers now serves another table (or
///   a simulator app's agent now answers); when it does, the session takes the new tools and
///   sends `notifications/tools/list_changed` before the response, which uses them
///   (capability `tools.listChanged: true`). A table the follower refuses leaves the tools as
///   they were, and a `tools/call` then returns the refusal as its error.
/// - Notifications get no response, ever: `notifications/initialized`,
///   `notifications/cancelled` (see ``replies(to:)``), and any other, which is ignored.
/// - `server/discover`, the 2026-07-28 revision's probe, is a method this server does not
///   implement (-32601): what a client that speaks both eras reads as "use `initialize`".
struct McpSession {
  /// The revisions of the `initialize` handshake this server speaks, newest first.
  static let supportedVersions = ["2025-11-25", "2025-06-18"]

  /// The tools now: the first ones, or the last ones the ``follower`` gave.
  private(set) var toolbox: McpToolbox
  /// Whether the tools may change, and how: `nil` for tools that never change (a table given
  /// with `--routes`, a test).
  let follower: (any ToolboxFollower)?
  /// The revision agreed by `initialize`; `nil` before it.
  private(set) var protocolVersion: String?
  /// Whether the client sent `notifications/initialized`.
  private(set) var clientInitialized = false

  init(toolbox: McpToolbox, follower: (any ToolboxFollower)? = nil) {
    self.toolbox = toolbox
    self.follower = follower
  }

  /// `notifications/tools/list_changed`: a notification line (no id).
  static let listChanged = JSON.object([
    ("jsonrpc", .string("2.0")), ("method", .string("notifications/tools/list_changed")),
  ])

  /// The responses to `lines`, received together, in order.
  ///
  /// Cancellation: a request that a later line of the same group cancels
  /// (`notifications/cancelled` with its `requestId`) is not run and gets no response, as
  /// the specification asks. A request already answered cannot be cancelled; its
  /// cancellation is ignored, as the specification allows.
  mutating func replies(to lines: [ArraySlice<UInt8>]) -> [JSON] {
    let messages = lines.map { line in Result { () throws(JSONRPCFailure) in try JSONRPCMessage.parse(line) }
    }
    var cancelled: [JSON] = []
    for case .success(.notification("notifications/cancelled", let params?)) in messages {
      if let id = params["requestId"] { cancelled.append(id) }
    }
    var output: [JSON] = []
    for message in messages {
      switch message {
      case .failure(let failure):
        output.append(JSONRPCMessage.response(id: failure.id, error: failure.error))
      case .success(.request(let id, let method, _)) where cancelled.contains(id) && method != "initialize":
        continue
      case .success(let message):
        output += answers(to: message)
      }
    }
    return output
  }

  /// The lines that answer one message: its response (none for a notification or a response),
  /// preceded by `notifications/tools/list_changed` when the tools changed before it.
  mutating func answers(to message: JSONRPCMessage) -> [JSON] {
    guard case .request(_, let method, _) = message, method == "tools/list" || method == "tools/call",
      protocolVersion != nil, let follower
    else { return reply(to: message).map { [$0] } ?? [] }
    switch follower.follow() {
    case .unchanged:
      refusal = nil
    case .changed(let next):
      refusal = nil
      toolbox = next
      return [Self.listChanged] + (reply(to: message).map { [$0] } ?? [])
    case .refused(let error):
      refusal = error
    }
    return reply(to: message).map { [$0] } ?? []
  }

  /// Why the table the app serves now was refused, when it was at the last request: a
  /// `tools/call` then says so instead of sending a link checked against another table.
  private var refusal: ToolCallError?

  /// The response to one message, `nil` for a notification or a response.
  mutating func reply(to message: JSONRPCMessage) -> JSON? {
    switch message {
    case .response:
      return nil
    case .notification(let method, _):
      if method == "notifications/initialized", protocolVersion != nil { clientInitialized = true }
      return nil
    case .request(let id, let method, let params):
      do {
        return JSONRPCMessage.response(id: id, result: try result(of: method, params))
      } catch {
        return JSONRPCMessage.response(id: id, error: error)
      }
    }
  }

  mutating func result(of method: String, _ params: JSON?) throws(JSONRPCError) -> JSON {
    if let params, params.objectValue == nil {
      throw .invalidParams("\"params\" must be an object, got \(params.serialized.messageExcerpt)")
    }
    switch method {
    case "initialize":
      guard protocolVersion == nil else {
        throw .invalidRequest("the session is already initialized; initialize is sent once")
      }
      guard let requested = params?["protocolVersion"]?.stringValue else {
        throw .invalidParams(
          "initialize needs \"protocolVersion\", a string such as \"\(Self.supportedVersions[0])\"")
      }
      let version = Self.supportedVersions.contains(requested) ? requested : Self.supportedVersions[0]
      protocolVersion = version
      return Self.initializeResult(version: version)
    case "ping":
      return .emptyObject
    case "tools/list", "tools/call":
      guard protocolVersion != nil else {
        throw .invalidRequest("\(method) before initialize; send initialize first")
      }
      if method == "tools/call" {
        if let refusal { return McpToolbox.failure(refusal) }
        return try toolbox.call(params)
      }
      if let cursor = params?["cursor"] {
        throw .invalidParams("unknown cursor \(cursor.serialized.messageExcerpt); tools/list has one page")
      }
      return toolbox.listResult
    default:
      throw .methodNotFound(method)
    }
  }

  /// The server's half of the handshake: the revision, the one capability (tools, a list
  /// that changes when the app's table does: `listChanged`), who it is, and a hint for the
  /// model.
  static func initializeResult(version: String) -> JSON {
    .object([
      ("protocolVersion", .string(version)),
      ("capabilities", .object([("tools", .object([("listChanged", .bool(true))]))])),
      (
        "serverInfo",
        .object([
          ("name", .string(ToolName.current)), ("title", .string(ToolName.current)),
          ("version", .string(DeepLinkVersion.number)),
        ])
      ),
      (
        "instructions",
        .string(
          "Each route tool sends a debug link to the running app, waits until the app applied "
            + "it, and returns the screen the app then shows and its state. A link describes a "
            + "whole state, so calls can be repeated. 'state' and 'screen' look without changing "
            + "anything. A failed call returns isError with a message that says what to fix.")
      ),
    ])
  }
}
