import DeepLinkRoutes
import DeepLinkWire

/// The Model Context Protocol over one connection, as a state machine: lines in, response
/// lines out. No I/O here; ``McpCommand/serve(in:pictures:launch:simulator:agent:)`` reads and
/// writes the lines.
///
/// It speaks both eras of the protocol, and the client's first request decides which, once:
/// - **The handshake** (revisions 2025-11-25 and 2025-06-18): `initialize` first, answered with
///   the client's revision if it is one of ``handshakeVersions``, else the newest one (the
///   client then decides whether to go on); a second `initialize` is an error; `tools/list`
///   and `tools/call` before it get -32600. Tool-list changes are announced with
///   `notifications/tools/list_changed`.
/// - **Stateless requests** (revision 2026-07-28): no handshake; every request carries
///   `_meta` with `io.modelcontextprotocol/protocolVersion` (one of ``modernVersions``, else
///   -32022 naming them) and `io.modelcontextprotocol/clientCapabilities` (an object, else
///   -32602). `server/discover` says what the server speaks; results carry `resultType` and the
///   server's identity in `_meta`; `tools/list` carries the cache hints `ttlMs` and
///   `cacheScope` (``toolListTTL``). Tool-list changes go to each `subscriptions/listen`
///   stream that asked for them (`toolsListChanged`), tagged with its subscription id;
///   `notifications/cancelled` naming the stream's request ends it. `initialize` on such a
///   connection gets -32022, as the revision defines.
/// - `ping` at any time, answered with `{}`.
/// - The tools follow the app: before each `tools/list` and `tools/call` (after `initialize`,
///   or enveloped), the ``McpToolsFollower`` is asked whether the app that answers now serves
///   another table (or a simulator app's agent now answers); when it does, the session takes
///   the new tools and announces the change before the response, which uses them. A call the
///   follower let through on trust and then doubts
///   (``McpToolsFollower/recheck(afterCallFailed:)``) is made again, once, when it says so. A
///   table the follower refuses leaves the tools as they were, and a `tools/call` then returns
///   the refusal as its error.
/// - A `tools/call` whose `_meta` carries a `progressToken` gets `notifications/progress` for
///   each step of a `launch` before its response (``McpProgress``).
/// - Notifications get no response, ever: `notifications/initialized`,
///   `notifications/cancelled` (see ``replies(to:)``), and any other, which is ignored.
struct McpSession {
  /// The `_meta` keys of a 2026-07-28 request and result.
  static let protocolVersionKey = "io.modelcontextprotocol/protocolVersion"
  static let clientCapabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
  static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
  static let subscriptionIDKey = "io.modelcontextprotocol/subscriptionId"

  /// Which era the connection speaks.
  enum Era: Equatable {
    /// No request has decided yet.
    case undecided
    /// `initialize` agreed on this revision.
    case handshake(String)
    /// Stateless requests, the first one enveloped.
    case stateless
  }

  /// The tools now: the first ones, or the last ones the ``follower`` gave.
  private(set) var toolbox: McpServedTools
  /// Whether the tools may change, and how: `nil` for tools that never change (a table given
  /// with `--routes`, a test).
  let follower: (any McpToolsFollower)?
  /// The era of the connection.
  private(set) var era = Era.undecided
  /// Whether the client sent `notifications/initialized`.
  private(set) var clientInitialized = false
  /// The `subscriptions/listen` streams open that asked for tool-list changes: their request
  /// ids, in the order they were opened.
  private(set) var listeners: [JSON] = []
  /// Where notifications that belong to a request in progress go at once (`notifications/progress`);
  /// `nil`: they precede its response in ``replies(to:)``'s lines.
  var send: ((JSON) -> Void)?
  /// Notifications of the request being answered, when there is no ``send``.
  private var pending: [JSON] = []

  /// The `_meta` of every result of the stateless era: the server's identity, made once.
  private let resultMeta: (String, JSON)

  init(toolbox: McpServedTools, follower: (any McpToolsFollower)? = nil) {
    self.toolbox = toolbox
    self.follower = follower
    self.resultMeta = ("_meta", .object([(Self.serverInfoKey, Self.serverInfo(toolbox.tool))]))
  }

  /// The revision the connection speaks: the one `initialize` agreed, or 2026-07-28; `nil`
  /// before either.
  var protocolVersion: String? {
    switch era {
    case .undecided: nil
    case .handshake(let version): version
    case .stateless: Self.modernVersions[0]
    }
  }

  /// How long a client may keep the tool list: 0 (stale at once) while the tools follow the
  /// app, which may serve another table at any moment; an hour when they never change.
  var toolListTTL: Int { follower == nil ? 3_600_000 : 0 }

  /// `notifications/tools/list_changed` as the handshake sends it: a notification line (no id).
  static let listChanged = JSON.object([
    ("jsonrpc", .string("2.0")), ("method", .string("notifications/tools/list_changed")),
  ])

  /// The responses to `lines`, received together, in order.
  ///
  /// Cancellation: a request that a later line of the same group cancels
  /// (`notifications/cancelled` with its `requestId`) is not run and gets no response, as
  /// the specification asks. A request already answered cannot be cancelled; its
  /// cancellation is ignored, as the specification allows, except a `subscriptions/listen`
  /// stream, which it ends.
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
  /// preceded by the notifications that belong before it: the tools' change, a request's
  /// progress, a stream's acknowledgement.
  mutating func answers(to message: JSONRPCMessage) -> [JSON] {
    var lines: [JSON] = []
    guard case .request(_, let method, let params) = message,
      method == "tools/list" || method == "tools/call",
      accepts(params), let follower
    else {
      let reply = reply(to: message)
      lines += pending
      pending = []
      return lines + (reply.map { [$0] } ?? [])
    }
    lines += take(follower.follow(before: method == "tools/call" && sendsLink(params) ? .link : .list))
    var reply = reply(to: message)
    if method == "tools/call",
      let recheck = follower.recheck(afterCallFailed: reply.map(Self.isFailure) ?? false)
    {
      lines += take(recheck.change)
      if recheck.callAgain {
        pending = []
        reply = self.reply(to: message)
      }
    }
    lines += pending
    pending = []
    return lines + (reply.map { [$0] } ?? [])
  }

  /// Whether the `tools/call` with `params` calls a tool of the current tools that sends a link.
  private func sendsLink(_ params: JSON?) -> Bool {
    guard let name = params?["name"]?.stringValue else { return false }
    return toolbox.tools.first { $0.name == name }?.effect == .appliesLink
  }

  /// Whether `response` says its request failed: a JSON-RPC error, or a tool result marked
  /// `isError`.
  private static func isFailure(_ response: JSON) -> Bool {
    response["error"] != nil || response["result"]?["isError"] == .bool(true)
  }

  /// Takes what the follower found: the new tools, or the refusal of the app's table. Returns
  /// the notifications that announce new tools.
  private mutating func take(_ change: McpToolsChange) -> [JSON] {
    switch change {
    case .unchanged:
      refusal = nil
      return []
    case .changed(let next):
      refusal = nil
      // The new table's tools, listed as the session's were chosen (`--tools`).
      toolbox = toolbox.rebuilt(table: next.table, delivery: next.delivery)
      return changeNotifications
    case .refused(let error):
      refusal = error
      return []
    }
  }

  /// Why the table the app serves now was refused, when it was at the last request: a
  /// `tools/call` then says so instead of sending a link checked against another table.
  private var refusal: McpToolCallError?

  /// Whether a request with `params` will be served as a tool request in the connection's era:
  /// after `initialize`, or enveloped (the first one deciding the era).
  private func accepts(_ params: JSON?) -> Bool {
    switch era {
    case .handshake: Self.envelope(of: params) == nil
    case .stateless: Self.envelope(of: params) != nil
    case .undecided: Self.envelope(of: params) != nil
    }
  }

  /// The lines that announce that the tools changed: in the handshake era, one
  /// `notifications/tools/list_changed`; in the stateless era, one on each stream that asked.
  private var changeNotifications: [JSON] {
    switch era {
    case .handshake, .undecided: [Self.listChanged]
    case .stateless:
      listeners.map { id in
        .object([
          ("jsonrpc", .string("2.0")), ("method", .string("notifications/tools/list_changed")),
          ("params", .object([("_meta", .object([(Self.subscriptionIDKey, id)]))])),
        ])
      }
    }
  }

  /// The response to one message, `nil` for a notification, a response or a stream.
  mutating func reply(to message: JSONRPCMessage) -> JSON? {
    switch message {
    case .response:
      return nil
    case .notification(let method, let params):
      if method == "notifications/initialized", case .handshake = era { clientInitialized = true }
      if method == "notifications/cancelled", let id = params?["requestId"] {
        listeners.removeAll { $0 == id }
      }
      return nil
    case .request(let id, let method, let params):
      do {
        guard let result = try result(of: method, params, id: id) else { return nil }
        return JSONRPCMessage.response(id: id, result: result)
      } catch {
        return JSONRPCMessage.response(id: id, error: error)
      }
    }
  }

  /// The `_meta` of a 2026-07-28 request: `params._meta` when it names a protocol version.
  static func envelope(of params: JSON?) -> JSON? {
    guard let meta = params?["_meta"], meta[protocolVersionKey] != nil else { return nil }
    return meta
  }

  /// The result of request `method`; `nil` for a request answered later (a stream).
  mutating func result(of method: String, _ params: JSON?, id: JSON) throws(JSONRPCError) -> JSON? {
    if let params, params.objectValue == nil {
      throw .invalidParams("\"params\" must be an object, got \(params.serialized.messageExcerpt)")
    }
    if method == "ping" { return .emptyObject }
    let envelope = Self.envelope(of: params)
    switch era {
    case .undecided where method == "initialize":
      return try initialize(params)
    case .undecided where envelope != nil:
      try Self.check(envelope)
      era = .stateless
      return try statelessResult(of: method, params, id: id)
    case .undecided:
      if method == "server/discover" { return try statelessResult(of: method, params, id: id) }
      guard method == "tools/list" || method == "tools/call" else { throw .methodNotFound(method) }
      throw .invalidRequest(
        "\(method) before initialize; send initialize first, or give the request "
          + "\"_meta\": {\"\(Self.protocolVersionKey)\": \"\(Self.modernVersions[0])\", "
          + "\"\(Self.clientCapabilitiesKey)\": {}} (revision \(Self.modernVersions[0]))")
    case .handshake(let version):
      if method == "initialize" {
        throw .invalidRequest("the session is already initialized; initialize is sent once")
      }
      if envelope != nil {
        throw .invalidRequest(
          "this connection began with initialize (revision \(version)); a request of revision "
            + "\(Self.modernVersions[0]) needs a connection of its own")
      }
      return try handshakeResult(of: method, params)
    case .stateless:
      if method == "initialize" {
        throw .unsupportedProtocolVersion(
          params?["protocolVersion"]?.stringValue ?? "", supported: Self.modernVersions)
      }
      guard envelope != nil else {
        throw .invalidParams(
          "a request of revision \(Self.modernVersions[0]) carries \"_meta\" with "
            + "\"\(Self.protocolVersionKey)\" and \"\(Self.clientCapabilitiesKey)\"")
      }
      try Self.check(envelope)
      return try statelessResult(of: method, params, id: id)
    }
  }

  /// `initialize`: agrees on a revision of the handshake.
  private mutating func initialize(_ params: JSON?) throws(JSONRPCError) -> JSON {
    guard let requested = params?["protocolVersion"]?.stringValue else {
      throw .invalidParams(
        "initialize needs \"protocolVersion\", a string such as \"\(Self.handshakeVersions[0])\"")
    }
    let version = Self.handshakeVersions.contains(requested) ? requested : Self.handshakeVersions[0]
    era = .handshake(version)
    return Self.initializeResult(version: version, tool: toolbox.tool)
  }

  /// Checks a 2026-07-28 request's `_meta`: a revision this server speaks, the client's
  /// capabilities as an object.
  static func check(_ envelope: JSON?) throws(JSONRPCError) {
    guard let envelope else { return }
    guard let version = envelope[protocolVersionKey]?.stringValue else {
      throw .invalidParams(
        "\"_meta\".\"\(protocolVersionKey)\" must be a string such as \"\(modernVersions[0])\"")
    }
    guard modernVersions.contains(version) else {
      throw .unsupportedProtocolVersion(version, supported: modernVersions)
    }
    guard envelope[clientCapabilitiesKey]?.objectValue != nil else {
      throw .invalidParams(
        "\"_meta\".\"\(clientCapabilitiesKey)\" is required: the client's capabilities, an object ({} for none)"
      )
    }
  }

  /// A request of the handshake era, after `initialize`.
  private mutating func handshakeResult(of method: String, _ params: JSON?) throws(JSONRPCError) -> JSON {
    switch method {
    case "tools/list":
      try Self.checkCursor(params)
      return toolbox.listResult
    case "tools/call":
      return try call(params)
    default:
      throw .methodNotFound(method)
    }
  }

  /// A request of the stateless era, its envelope checked; `nil` for `subscriptions/listen`,
  /// whose response is the stream.
  private mutating func statelessResult(of method: String, _ params: JSON?, id: JSON) throws(JSONRPCError)
    -> JSON?
  {
    switch method {
    case "server/discover":
      return stateless(
        [
          ("supportedVersions", .array(Self.supportedVersions.map { .string($0) })),
          ("capabilities", Self.capabilities),
          ("instructions", .string(Self.instructions)),
          ("ttlMs", .int(Self.discoverTTL)), ("cacheScope", .string("private")),
        ])
    case "tools/list":
      try Self.checkCursor(params)
      guard case .object(let members) = toolbox.listResult else { return toolbox.listResult }
      return stateless(
        members.map { ($0.key, $0.value) } + [
          ("ttlMs", .int(toolListTTL)), ("cacheScope", .string("private")),
        ])
    case "tools/call":
      guard case .object(let members) = try call(params) else { return nil }
      return stateless(members.map { ($0.key, $0.value) })
    case "subscriptions/listen":
      guard let filter = params?["notifications"], filter.objectValue != nil else {
        throw .invalidParams(
          "subscriptions/listen needs \"notifications\", an object such as {\"toolsListChanged\": true}")
      }
      let wantsTools = filter["toolsListChanged"] == .bool(true)
      if wantsTools, !listeners.contains(id) { listeners.append(id) }
      pending.append(
        .object([
          ("jsonrpc", .string("2.0")), ("method", .string("notifications/subscriptions/acknowledged")),
          (
            "params",
            .object([
              ("notifications", .object(wantsTools ? [("toolsListChanged", .bool(true))] : [])),
              ("_meta", .object([(Self.subscriptionIDKey, id)])),
            ])
          ),
        ]))
      return nil
    default:
      throw .methodNotFound(method)
    }
  }

  /// `tools/call`, the tools current: the refusal of the app's table if it was refused,
  /// else the tool's result.
  private mutating func call(_ params: JSON?) throws(JSONRPCError) -> JSON {
    if let refusal { return McpServedTools.failure(refusal, tool: toolbox.tool) }
    let progress = McpProgress.token(in: params).map { token in
      McpProgress(token: token, send: send ?? { _ in })
    }
    if send == nil, let token = progress?.token {
      // No sink: the notifications precede the response among the lines returned.
      var collected: [JSON] = []
      let result = try toolbox.call(params, progress: McpProgress(token: token) { collected.append($0) })
      pending += collected
      return result
    }
    return try toolbox.call(params, progress: progress)
  }

  /// `tools/list` has one page: a cursor is a mistake.
  private static func checkCursor(_ params: JSON?) throws(JSONRPCError) {
    if let cursor = params?["cursor"] {
      throw .invalidParams("unknown cursor \(cursor.serialized.messageExcerpt); tools/list has one page")
    }
  }

  /// A result of the stateless era: `members`, then `resultType` and the server's identity.
  func stateless(_ members: [(String, JSON)]) -> JSON {
    .object(members + [("resultType", .string("complete")), resultMeta])
  }
}
