import DeepLinkWire
import Testing

/// The requests the CLI sends, byte for byte as docs/wire-protocol.md shows them.
@Suite struct RequestTests {
  @Test func linesAreTheDocumentedBytes() {
    #expect(
      Request.open(url: "debug://recipe?id=42", deadline: 1_764_412_345_678).line
        == #"{"op":"open","url":"debug://recipe?id=42","deadline":1764412345678}"#)
    #expect(
      Request.open(url: "debug://settings", deadline: nil).line == #"{"op":"open","url":"debug://settings"}"#)
    #expect(
      Request.open(url: "debug://settings", deadline: -1, table: "1a2b3c4d5e6f7a8b").line
        == #"{"op":"open","url":"debug://settings","deadline":-1,"table":"1a2b3c4d5e6f7a8b"}"#)
    #expect(
      Request.open(url: "debug://x?q=\"\\\n", deadline: nil).line
        == #"{"op":"open","url":"debug://x?q=\"\\\n"}"#)
    #expect(Request.state.line == #"{"op":"state"}"#)
    #expect(Request.screen.line == #"{"op":"screen"}"#)
    #expect(Request.routes.line == #"{"op":"routes"}"#)
    #expect(Request.ping.line == #"{"op":"ping"}"#)
    #expect(Request.table.line == #"{"op":"table"}"#)
    #expect(
      Request.values(route: "recipe", parameter: "id").line
        == #"{"op":"values","route":"recipe","parameter":"id"}"#)
  }

  @Test func eachRequestNamesItsOperation() throws {
    let requests: [Request] = [
      .open(url: "debug://settings", deadline: 1), .state, .screen, .routes,
      .values(route: "recipe", parameter: "id"), .ping, .table,
    ]
    #expect(requests.map(\.operation) == DeepLinkWire.Operation.allCases)
    for request in requests {
      #expect(try JSON.parse(request.line)["op"] == .string(request.operation.rawValue))
    }
  }

  @Test func errorKindsAreTheDocumentedNames() {
    #expect(
      ErrorKind.allCases.map(\.rawValue) == [
        "not-a-url", "wrong-scheme", "missing-route", "unknown-route", "unexpected-path",
        "unexpected-fragment", "malformed-percent-escape", "invalid-utf8", "unknown-parameter",
        "missing-parameter", "duplicate-parameter", "missing-value", "invalid-value", "bad-request",
        "expired", "refused", "debug-links-disabled", "line-too-long", "permission-denied",
        "stale-table",
      ])
  }
}
