import DeepLinkWire

/// Progress of one request that asked for it (`_meta.progressToken`): each report is a
/// `notifications/progress` line, written at once, before the request's response.
///
///     {"jsonrpc":"2.0","method":"notifications/progress",
///      "params":{"progressToken":"t1","progress":2,"total":4,"message":"com.example.app launched"}}
struct McpProgress {
  /// The request's `progressToken`, a string or an integer, echoed in every notification.
  let token: JSON
  /// Where the notification lines go.
  let send: (JSON) -> Void

  /// The token of `params`, when it asks for progress with a valid one; `nil` otherwise (a
  /// token that is neither a string nor an integer is ignored, as a request without one).
  static func token(in params: JSON?) -> JSON? {
    switch params?["_meta"]?["progressToken"] {
    case .string(let text)?: .string(text)
    case .int(let number)?: .int(number)
    default: nil
    }
  }

  /// Reports `step` of `total` done, with what it was.
  func report(_ step: Int, of total: Int, _ message: String) {
    send(
      .object([
        ("jsonrpc", .string("2.0")), ("method", .string("notifications/progress")),
        (
          "params",
          .object([
            ("progressToken", token), ("progress", .int(step)), ("total", .int(total)),
            ("message", .string(message)),
          ])
        ),
      ]))
  }
}
