import DeepLinkRoutes
import DeepLinkWire

/// A request line as the agent reads it (docs/wire-protocol.md): the operation and the fields
/// it takes, each checked for its type. What the fields mean (whether the link parses, whether
/// its table is the app's, whether its deadline passed) is for ``RequestHandler`` to decide
/// when it answers.
enum ReceivedRequest {
  /// A link to apply: a bare debug URL line, or `open` with `url`, optionally `deadline` (Unix
  /// epoch milliseconds) and `table` (the fingerprint of the table that built the link).
  case open(url: String, deadline: Int?, table: String?)
  case state
  case screen
  case ping
  case routes
  case table
  case values(route: String, parameter: String)

  /// Reads `line`, a request without its newline.
  ///
  /// - Throws: ``RequestError/badRequest(_:)`` naming what is wrong and what to send instead.
  init(line: UnsafeBufferPointer<UInt8>) throws(RequestError) {
    guard !line.contains(0) else { throw .badRequest("the request contains a NUL byte") }
    // Trimmed as bytes, before decoding: ASCII whitespace is never part of a longer UTF-8
    // sequence, so this accepts and rejects exactly what trimming the decoded text did.
    let bytes = line.trimmingASCIIWhitespace()
    guard let trimmed = String(validUTF8: bytes) else {
      throw .badRequest("the request is not UTF-8 text")
    }
    guard trimmed.hasPrefix("{") else {
      guard !trimmed.isEmpty else {
        throw .badRequest("empty request; send a debug URL or a JSON request such as {\"op\":\"ping\"}")
      }
      self = .open(url: trimmed, deadline: nil, table: nil)
      return
    }
    let request: JSON
    do {
      request = try JSON.parse(trimmed)
    } catch {
      throw .badRequest("the request is not valid JSON: \(error.message)")
    }
    guard let op = request["op"]?.stringValue else {
      throw .badRequest("the request has no \"op\"; use one of \(operationNames)")
    }
    guard let operation = Operation(rawValue: op) else {
      throw .badRequest("unknown op '\(op)'; use one of \(operationNames)")
    }
    switch operation {
    case .open:
      guard let url = request["url"]?.stringValue else {
        throw .badRequest("\"open\" needs a \"url\" string")
      }
      let deadline = request["deadline"]
      guard deadline == nil || deadline?.intValue != nil else {
        throw .badRequest("\"deadline\" must be an integer (Unix epoch milliseconds)")
      }
      let table = request["table"]
      guard table == nil || table?.stringValue != nil else {
        throw .badRequest(
          "\"table\" must be a string (the fingerprint of the route table the link was built from)")
      }
      self = .open(url: url, deadline: deadline?.intValue, table: table?.stringValue)
    case .state: self = .state
    case .screen: self = .screen
    case .ping: self = .ping
    case .routes: self = .routes
    case .table: self = .table
    case .values:
      guard let route = request["route"]?.stringValue, let parameter = request["parameter"]?.stringValue
      else {
        throw .badRequest("\"values\" needs \"route\" and \"parameter\" strings")
      }
      self = .values(route: route, parameter: parameter)
    }
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Without leading and trailing ASCII spaces, tabs, CRs and LFs.
  func trimmingASCIIWhitespace() -> UnsafeBufferPointer<UInt8> {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else { return UnsafeBufferPointer(rebasing: self[endIndex...]) }
    return UnsafeBufferPointer(rebasing: self[first...last])
  }
}

/// `open, state, screen, routes, values, ping, table`, for "use one of …".
private let operationNames = Operation.allCases.map(\.rawValue).joined(separator: ", ")
