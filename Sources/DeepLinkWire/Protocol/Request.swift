/// A JSON request of the wire protocol, built from its ``Operation`` and fields: what the CLI
/// and the completion callback send.
///
///     Request.open(url: "debug://recipe?id=42", deadline: 1764412345678).line
///     // {"op":"open","url":"debug://recipe?id=42","deadline":1764412345678}
///     Request.state.line  // {"op":"state"}
///     Request.values(route: "recipe", parameter: "id").line
///     // {"op":"values","route":"recipe","parameter":"id"}
package struct Request: Hashable, Sendable {
  package let operation: Operation
  /// The line to send, without its newline: the JSON object, `op` first, serialized once.
  package let line: String

  private init(_ operation: Operation, _ fields: [(String, JSON)] = []) {
    self.operation = operation
    var members = [JSON.Member("op", .string(operation.rawValue))]
    members.reserveCapacity(fields.count + 1)
    for (key, value) in fields { members.append(JSON.Member(key, value)) }
    self.line = JSON.object(members).serialized
  }

  /// Applies `url`; the app drops it unread after `deadline` (Unix epoch milliseconds), if given,
  /// and refuses it unread (`stale-table`) when `table`, the fingerprint of the route table
  /// the link was built from, is given and is not the app's.
  ///
  ///     Request.open(url: "debug://settings", deadline: nil, table: "1a2b3c4d5e6f7a8b").line
  ///     // {"op":"open","url":"debug://settings","table":"1a2b3c4d5e6f7a8b"}
  package static func open(url: String, deadline: Int?, table: String? = nil) -> Request {
    // Written straight as bytes, with no tree between: every link sent is one.
    var line: [UInt8] = []
    line.reserveCapacity(url.utf8.count + 80)
    line.append(contentsOf: #"{"op":"open","url":"#.utf8)
    JSON.writeString(url, into: &line)
    if let deadline {
      line.append(contentsOf: #","deadline":"#.utf8)
      JSON.writeInteger(deadline, into: &line)
    }
    if let table {
      line.append(contentsOf: #","table":"#.utf8)
      JSON.writeString(table, into: &line)
    }
    line.append(UInt8(ascii: "}"))
    return Request(.open, line: String(decoding: line, as: UTF8.self))
  }

  private init(_ operation: Operation, line: String) {
    self.operation = operation
    self.line = line
  }

  /// The app's state.
  package static let state = Request(.state)
  /// The app's screen.
  package static let screen = Request(.screen)
  /// The route names.
  package static let routes = Request(.routes)
  /// Whether the app accepts debug links.
  package static let ping = Request(.ping)
  /// The app's whole route table, in the routes-file format.
  package static let table = Request(.table)

  /// The values the app knows for `parameter` of `route`.
  package static func values(route: String, parameter: String) -> Request {
    Request(.values, [("route", .string(route)), ("parameter", .string(parameter))])
  }
}
