import DeepLinkCommand
import DeepLinkWire
import RecipeSampleRoutes

/// `deeplink mcp`'s properties on its input lines, for `fuzz-mcp` and its regression tests.
public enum McpLineCheck {
  /// Splits `bytes` (after the first, control, byte) at line ends and hands the lines to an
  /// MCP session whose links are applied by no app (``McpOfflineSession``), after an
  /// `initialize` handshake when the control byte's low bit is set.
  ///
  /// Every reply must be one line of JSON-RPC 2.0: an object with `jsonrpc` "2.0", and either
  /// a `result` or an `error` with an integer `code` and a `message`, or a notification (a
  /// `method` and no `id`: a stream's acknowledgement, a tool list's change); no more
  /// responses than lines.
  ///
  /// - Returns: `nil`, or the property that failed.
  public static func check(_ bytes: [UInt8]) -> String? {
    guard let control = bytes.first else { return nil }
    let lines = bytes.dropFirst().split(separator: 0x0A, omittingEmptySubsequences: true)
    var session = McpOfflineSession(table: .recipeSample)
    if control & 1 == 1 { _ = session.handshake() }
    let replies = session.replies(to: Array(lines))
    let responses = replies.filter { $0["id"] != nil }
    guard responses.count <= lines.count else {
      return "\(responses.count) responses to \(lines.count) lines"
    }
    for reply in replies.map(\.serialized) {
      guard !reply.utf8.contains(0x0A) else { return "a reply of several lines: \(reply)" }
      guard let json = try? JSON.parse(Array(reply.utf8)), case .object = json else {
        return "a reply that is not a JSON object: \(reply)"
      }
      guard json["jsonrpc"] == .string("2.0") else { return "a reply without jsonrpc 2.0: \(reply)" }
      if json["id"] == nil {
        guard case .string? = json["method"], json["result"] == nil, json["error"] == nil else {
          return "a reply without an id that is no notification: \(reply)"
        }
      } else if let error = json["error"] {
        guard case .int? = error["code"], case .string(let message)? = error["message"], !message.isEmpty
        else {
          return "an error without code and message: \(reply)"
        }
      } else if json["result"] == nil {
        return "a reply with neither result nor error: \(reply)"
      }
    }
    return nil
  }
}
