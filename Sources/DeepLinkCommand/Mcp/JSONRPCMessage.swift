import DeepLinkRoutes
import DeepLinkWire

/// One line from an MCP client, read as a JSON-RPC 2.0 message (MCP's stdio transport: one
/// message per line, UTF-8, no batches since revision 2025-06-18).
///
///     try JSONRPCMessage.parse(Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8))
///     // .request(id: 1, method: "ping", params: nil)
///     try JSONRPCMessage.parse(Array("hello".utf8))
///     // throws JSONRPCFailure(id: null, error: -32700)
enum JSONRPCMessage: Hashable, Sendable {
  /// A call that expects a response with the same `id` (a string or an integer).
  case request(id: JSON, method: String, params: JSON?)
  /// A call that expects no response.
  case notification(method: String, params: JSON?)
  /// A result or error sent to this server. It sends no requests, so nothing waits for one.
  case response(id: JSON)

  /// Classifies one line (without its newline).
  ///
  /// - Throws: ``JSONRPCFailure`` for a line that is not JSON (-32700) or not a JSON-RPC
  ///   message (-32600), with the request's id when it could be read and `null` otherwise.
  static func parse(_ line: some Collection<UInt8>) throws(JSONRPCFailure) -> JSONRPCMessage {
    let value: JSON
    do {
      value = try JSON.parse(Array(line))
    } catch {
      throw JSONRPCFailure(id: .null, error: .parseError(error.message))
    }
    guard let members = value.objectValue else {
      let detail =
        value.arrayValue != nil
        ? "a batch (a JSON array); MCP has no batches since 2025-06-18, send one message per line"
        : "expected a JSON object, got \(value.serialized.messageExcerpt)"
      throw JSONRPCFailure(id: .null, error: .invalidRequest(detail))
    }
    let id = members.first(where: { $0.key == "id" })?.value
    let validID = id.flatMap(Self.validID)
    guard value["jsonrpc"] == .string("2.0") else {
      throw JSONRPCFailure(
        id: validID ?? .null, error: .invalidRequest("\"jsonrpc\" must be \"2.0\""))
    }
    guard let method = value["method"] else {
      if let validID, value["result"] != nil || value["error"] != nil { return .response(id: validID) }
      throw JSONRPCFailure(
        id: validID ?? .null, error: .invalidRequest("no \"method\"; a request needs one"))
    }
    guard let name = method.stringValue else {
      throw JSONRPCFailure(id: validID ?? .null, error: .invalidRequest("\"method\" must be a string"))
    }
    guard let id else { return .notification(method: name, params: value["params"]) }
    guard let validID else {
      throw JSONRPCFailure(
        id: .null,
        error: .invalidRequest("\"id\" must be a string or an integer, got \(id.serialized.messageExcerpt)"))
    }
    return .request(id: validID, method: name, params: value["params"])
  }

  /// `id` if it may identify a request: a string or an integer (MCP forbids `null`).
  private static func validID(_ id: JSON) -> JSON? {
    switch id {
    case .string: id
    case .int: id
    case .double(let number): Int(exactly: number).map { _ in id }
    default: nil
    }
  }

  /// The response to request `id` with `result`; serialized, one line.
  static func response(id: JSON, result: JSON) -> JSON {
    JSON.object([
      JSON.Member("jsonrpc", .string("2.0")), JSON.Member("id", id), JSON.Member("result", result),
    ])
  }

  /// The response to request `id` (or `null`) with `error`; serialized, one line.
  static func response(id: JSON, error: JSONRPCError) -> JSON {
    JSON.object([
      JSON.Member("jsonrpc", .string("2.0")), JSON.Member("id", id), JSON.Member("error", error.json),
    ])
  }
}
