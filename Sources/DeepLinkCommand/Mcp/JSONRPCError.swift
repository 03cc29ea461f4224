import DeepLinkRoutes
import DeepLinkWire

/// A JSON-RPC 2.0 error object: one of the specification's codes, a sentence, optional data.
///
///     JSONRPCError.methodNotFound("tools/lst").json
///     // {"code":-32601,"message":"unknown method 'tools/lst'"}
struct JSONRPCError: Error, Hashable, Sendable {
  /// The code, from JSON-RPC 2.0 §5.1.
  let code: Int
  /// One sentence that names what was wrong and, where it can, what would be right.
  let message: String
  /// What the error's code defines beside the message, such as the revisions a server
  /// speaks; `nil` for none.
  var data: JSON? = nil

  /// -32700: the line is not JSON. Answered with `id: null`, as nobody can tell its id.
  static func parseError(_ detail: String) -> JSONRPCError {
    JSONRPCError(code: -32700, message: "parse error: the line is not JSON (\(detail))")
  }

  /// -32600: JSON, but not a JSON-RPC request or notification (or one MCP forbids here).
  static func invalidRequest(_ detail: String) -> JSONRPCError {
    JSONRPCError(code: -32600, message: "invalid request: \(detail)")
  }

  /// -32601: a method this server does not implement.
  static func methodNotFound(_ method: String) -> JSONRPCError {
    JSONRPCError(code: -32601, message: "unknown method '\(method.messageExcerpt)'")
  }

  /// -32602: the method exists, its parameters are wrong (an unknown tool among them, as the
  /// MCP specification asks).
  static func invalidParams(_ detail: String) -> JSONRPCError {
    JSONRPCError(code: -32602, message: "invalid params: \(detail)")
  }

  /// -32022 (MCP 2026-07-28): the request's revision is not one this server speaks;
  /// `data` names those it does and the one requested, so that the client can pick.
  static func unsupportedProtocolVersion(_ requested: String, supported: [String]) -> JSONRPCError {
    JSONRPCError(
      code: -32022,
      message: "unsupported protocol version '\(requested.messageExcerpt)'; this server speaks "
        + supported.joined(separator: ", "),
      data: .object([
        ("supported", .array(supported.map { .string($0) })), ("requested", .string(requested)),
      ]))
  }

  /// The error object of a response.
  var json: JSON {
    var members: [(String, JSON)] = [("code", .int(code)), ("message", .string(message))]
    if let data { members.append(("data", data)) }
    return .object(members)
  }
}

/// A request that cannot be answered with a result: the error, and the id to answer it with
/// (`null` when the request's id could not be read).
struct JSONRPCFailure: Error, Hashable, Sendable {
  let id: JSON
  let error: JSONRPCError
}
