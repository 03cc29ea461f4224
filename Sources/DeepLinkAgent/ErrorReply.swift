import DeepLinkWire

/// Error reply lines, for the handler and for the server's rejections before parsing.
enum ErrorReply {
  /// `{"ok":false,"version":…,"error":{"kind":…,"message":…}}`.
  static func line(kind: ErrorKind, message: String, version: String) -> String {
    JSON.object([
      ("ok", .bool(false)), ("version", .string(version)),
      ("error", .object([("kind", .string(kind.rawValue)), ("message", .string(message))])),
    ]).serialized
  }
}
