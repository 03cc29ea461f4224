import Testing

@testable import DeepLinkCommand

/// MCP's stdio framing: one message per line, bounded memory, a too-long line skipped.
struct McpLineReaderTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let testDescription: String
    let chunks: [String]
    let expected: [String]

    init(_ name: String, _ chunks: [String], _ expected: [String]) {
      self.testDescription = name
      self.chunks = chunks
      self.expected = expected
    }
  }

  /// Lines as text, `<too long>` for a line over the limit of 8 bytes; the last chunk is
  /// followed by the end of input.
  static let cases: [Case] = [
    Case("one line", ["{}\n"], ["{}"]),
    Case("two lines in one chunk", ["{}\n[]\n"], ["{}", "[]"]),
    Case("a line split across chunks", ["{\"a", "\":1", "}\n"], ["{\"a\":1}"]),
    Case("CRLF", ["{}\r\n"], ["{}"]),
    Case("blank lines are skipped", ["\n \n\t\r\n{}\n"], ["{}"]),
    Case("the last line without a newline", ["{}\n[1]"], ["{}", "[1]"]),
    Case("exactly the limit", ["12345678\n"], ["12345678"]),
    Case("the limit and a CR", ["12345678\r\n"], ["12345678"]),
    Case("one byte over", ["123456789\n{}\n"], ["<too long>", "{}"]),
    Case("over the limit before its newline comes", ["1234567890", "abc\n{}\n"], ["<too long>", "{}"]),
    Case("over the limit across chunks", ["12345", "6789", "0\n{}\n"], ["<too long>", "{}"]),
    Case("a long last line without a newline", ["{}\n", "123456789"], ["{}", "<too long>"]),
    Case("two long lines", ["123456789\n123456789\n{}\n"], ["<too long>", "<too long>", "{}"]),
    Case("bytes are not decoded", ["\u{00E9}\n"], ["\u{00E9}"]),
  ]

  @Test(arguments: cases)
  func framesLines(_ testCase: Case) {
    var reader = McpLineReader(maximumLength: 8)
    var lines: [McpLineReader.Line] = []
    for chunk in testCase.chunks { lines += reader.lines(in: Array(chunk.utf8)[...]) }
    if let last = reader.finish() { lines.append(last) }
    #expect(lines.map(Self.text) == testCase.expected)
  }

  @Test func memoryStaysBoundedWhateverTheClientSends() {
    var reader = McpLineReader(maximumLength: 1024)
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)[...]
    var reports = 0
    for _ in 0..<1000 {
      reports += reader.lines(in: chunk).count
    }
    #expect(reports == 1, "a line over the limit is reported once")
    #expect(reader.bufferedByteCount == 0, "its bytes were dropped, not kept")
    #expect(reader.lines(in: Array("{}\n".utf8)[...]) == [], "the rest of the long line is still skipped")
    #expect(reader.lines(in: Array("[]\n".utf8)[...]) == [.message(Array("[]".utf8)[...])])
  }

  static func text(_ line: McpLineReader.Line) -> String {
    switch line {
    case .message(let bytes): String(decoding: bytes, as: UTF8.self)
    case .tooLong: "<too long>"
    }
  }
}
