import DeepLinkSystem
import Testing

/// `FileDescriptor.readToEnd`: a file read whole, whatever size it was said to have.
@Suite struct ReadToEndTests {
  /// The reading end of a pipe holding `bytes`, its writing end closed: a descriptor whose size
  /// nothing states.
  private func pipeHolding(_ bytes: [UInt8]) throws -> FileDescriptor {
    let pipe = try FileDescriptor.makePipe()
    defer { pipe.write.close() }
    try pipe.write.writeAll(bytes)
    return pipe.read
  }

  /// A file that grew after its size was taken (the size is a hint for the buffer) is still read
  /// to its end, and its bytes come in order.
  @Test func aFileLongerThanItsExpectedSizeIsReadWhole() throws {
    let bytes = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let descriptor = try pipeHolding(bytes)
    defer { descriptor.close() }
    #expect(try descriptor.readToEnd(expectedSize: 10) == bytes)
  }

  /// The limit holds whatever the expected size: more bytes than it allows are refused.
  @Test func theLimitHoldsWithAnExpectedSize() throws {
    let descriptor = try pipeHolding(Array(repeating: 1, count: 100))
    defer { descriptor.close() }
    #expect(throws: SystemCallError("read", .fileTooLarge)) {
      try descriptor.readToEnd(limit: 99, expectedSize: 100)
    }
  }

  /// An empty file is no bytes, not an error.
  @Test func anEmptyFileIsNoBytes() throws {
    let descriptor = try pipeHolding([])
    defer { descriptor.close() }
    #expect(try descriptor.readToEnd(expectedSize: 0) == [])
  }
}
