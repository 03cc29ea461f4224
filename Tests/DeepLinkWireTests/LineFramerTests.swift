import DeepLinkWire
import Testing

@Suite struct LineFramerTests {
  private func lines(_ chunks: [String], limit: Int = 64) throws -> [String] {
    var framer = LineFramer(maximumLineLength: limit)
    var result: [String] = []
    for chunk in chunks {
      framer.append(Array(chunk.utf8))
      while let line = try framer.nextLine() { result.append(String(decoding: line, as: UTF8.self)) }
    }
    return result
  }

  @Test func cutsLinesAndKeepsThePartialOne() throws {
    var framer = LineFramer()
    framer.append(Array("one\ntwo\nthr".utf8))
    #expect(try framer.nextLine().map(Array.init) == Array("one".utf8))
    #expect(try framer.nextLine().map(Array.init) == Array("two".utf8))
    #expect(try framer.nextLine() == nil)
    #expect(framer.bufferedByteCount == 3)
    framer.append(Array("ee\n".utf8))
    #expect(try framer.nextLine().map(Array.init) == Array("three".utf8))
    #expect(framer.bufferedByteCount == 0)
  }

  @Test func stripsOneCarriageReturn() throws {
    #expect(try lines(["a\r\n", "b\r\r\n", "\r\n", "\n"]) == ["a", "b\r", "", ""])
  }

  @Test func reassemblesBytesArrivingOneAtATime() throws {
    let text = "first line\nsecond\r\nthird\n"
    #expect(try lines(text.map { String($0) }) == ["first line", "second", "third"])
  }

  @Test func passesInvalidUTF8AndNULThrough() throws {
    var framer = LineFramer()
    framer.append([0xFF, 0x00, 0xC3, UInt8(ascii: "\n")])
    #expect(try framer.nextLine().map(Array.init) == [0xFF, 0x00, 0xC3])
  }

  @Test func acceptsALineOfExactlyTheLimit() throws {
    #expect(try lines([String(repeating: "x", count: 8) + "\n"], limit: 8).first?.count == 8)
  }

  @Test func rejectsACompleteLineOverTheLimit() {
    #expect(throws: FramingError.lineTooLong(limit: 8)) {
      try lines([String(repeating: "x", count: 9) + "\n"], limit: 8)
    }
  }

  @Test func rejectsAPartialLineAsSoonAsItIsTooLong() {
    var framer = LineFramer(maximumLineLength: 8)
    framer.append(Array(repeating: UInt8(ascii: "x"), count: 8))
    #expect(throws: Never.self) { try framer.nextLine() }
    framer.append([UInt8(ascii: "x")])
    #expect(throws: FramingError.lineTooLong(limit: 8)) { try framer.nextLine() }
  }

  @Test func answersLinesBeforeTheLongOne() throws {
    var framer = LineFramer(maximumLineLength: 4)
    framer.append(Array("ok\ntoo long\n".utf8))
    #expect(try framer.nextLine().map(Array.init) == Array("ok".utf8))
    #expect(throws: FramingError.lineTooLong(limit: 4)) { try framer.nextLine() }
  }

  /// The server's form, which lends the line to a closure: the same lines, consumed the same
  /// way, the same error; both forms can take turns on one framer.
  @Test func lendingTheLineToAClosureTakesTheSameLines() throws {
    var framer = LineFramer(maximumLineLength: 8)
    framer.append(Array("one\r\ntwo\n\nthr".utf8))
    let text: (Span<UInt8>) -> String = { line in
      line.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }
    #expect(try framer.nextLine(text) == "one")
    #expect(try framer.nextLine().map(Array.init) == Array("two".utf8))
    #expect(try framer.nextLine(text) == "")
    #expect(try framer.nextLine(text) == nil)
    #expect(framer.bufferedByteCount == 3)
    framer.append(Array("ee\ntoo long!\n".utf8))
    #expect(try framer.nextLine(text) == "three")
    #expect(throws: FramingError.lineTooLong(limit: 8)) { try framer.nextLine(text) }
  }

  @Test func manyLinesThroughOneFramerKeepTheBufferSmall() throws {
    var framer = LineFramer()
    for index in 0..<10_000 {
      framer.append(Array("line \(index)\n".utf8))
      #expect(try framer.nextLine().map { String(decoding: $0, as: UTF8.self) } == "line \(index)")
    }
    #expect(framer.bufferedByteCount == 0)
  }

  @Test func splitIsAPureFunction() throws {
    let bytes = Array("a\r\nbc".utf8)[...]
    let split = try #require(try LineFramer.split(bytes, maximumLineLength: 10))
    #expect(Array(split.line) == Array("a".utf8))
    #expect(Array(split.rest) == Array("bc".utf8))
    #expect(try LineFramer.split(split.rest) == nil)
    let offset = Array("zz\nq\n".utf8)[3...]
    #expect(try LineFramer.split(offset).map { Array($0.line) } == Array("q".utf8))
  }

  @Test func errorMessageNamesTheLimit() {
    #expect(FramingError.lineTooLong(limit: 65536).message == "line longer than 65536 bytes")
  }
}
