import DeepLinkWire
import Testing

@testable import DeepLinkCommand

/// Reading one line as a JSON-RPC 2.0 message, and the errors for lines that are not one.
struct JSONRPCMessageTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let testDescription: String
    let line: String
    /// The message, or the error response as a line.
    let expected: Result<JSONRPCMessage, JSONRPCFailure>

    init(_ name: String, _ line: String, _ expected: JSONRPCMessage) {
      self.testDescription = name
      self.line = line
      self.expected = .success(expected)
    }

    init(_ name: String, _ line: String, id: JSON = .null, code: Int, message: String) {
      self.testDescription = name
      self.line = line
      self.expected = .failure(JSONRPCFailure(id: id, error: JSONRPCError(code: code, message: message)))
    }
  }

  static let cases: [Case] = [
    Case(
      "a request with an integer id", #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
      .request(id: .int(1), method: "ping", params: nil)),
    Case(
      "a request with a string id and params",
      #"{"jsonrpc":"2.0","id":"a","method":"tools/list","params":{}}"#,
      .request(id: .string("a"), method: "tools/list", params: .emptyObject)),
    Case(
      "a notification", #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
      .notification(method: "notifications/initialized", params: nil)),
    Case("a response", #"{"jsonrpc":"2.0","id":7,"result":{}}"#, .response(id: .int(7))),
    Case(
      "not JSON", "hello", code: -32700,
      message: "parse error: the line is not JSON (unexpected 'h' at offset 0 in JSON)"),
    Case(
      "a batch", #"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#, code: -32600,
      message:
        "invalid request: a batch (a JSON array); MCP has no batches since 2025-06-18, send one message per line"
    ),
    Case("not an object", "42", code: -32600, message: "invalid request: expected a JSON object, got 42"),
    Case(
      "no jsonrpc member, its id kept", #"{"id":3,"method":"ping"}"#, id: .int(3), code: -32600,
      message: #"invalid request: "jsonrpc" must be "2.0""#),
    Case(
      "a null id", #"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, code: -32600,
      message: #"invalid request: "id" must be a string or an integer, got null"#),
    Case(
      "a method that is not a string", #"{"jsonrpc":"2.0","id":4,"method":4}"#, id: .int(4), code: -32600,
      message: #"invalid request: "method" must be a string"#),
    Case(
      "neither method nor result", #"{"jsonrpc":"2.0","id":5}"#, id: .int(5), code: -32600,
      message: #"invalid request: no "method"; a request needs one"#),
  ]

  @Test(arguments: cases)
  func readsOneLine(_ testCase: Case) {
    let parsed = Result { () throws(JSONRPCFailure) in try JSONRPCMessage.parse(Array(testCase.line.utf8)) }
    #expect(parsed == testCase.expected)
  }

  @Test func responsesAreOneLineOfJSONRPC() {
    #expect(
      JSONRPCMessage.response(id: .int(1), result: .emptyObject).serialized
        == #"{"jsonrpc":"2.0","id":1,"result":{}}"#)
    #expect(
      JSONRPCMessage.response(id: .null, error: .methodNotFound("x\ny")).serialized
        == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"unknown method 'x\ny'"}}"#)
  }
}
