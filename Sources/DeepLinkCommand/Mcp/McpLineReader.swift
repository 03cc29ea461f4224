/// MCP's stdio framing: messages are lines of UTF-8 JSON ended by `\n`. Feed it bytes as they
/// arrive, take whole lines; memory stays bounded whatever the client sends.
///
///     var reader = McpLineReader(maximumLength: 10)
///     reader.lines(in: Array("{}\r\n\n[1,".utf8)[...])  // [.message("{}")]
///     reader.lines(in: Array("2]\n".utf8)[...])        // [.message("[1,2]")]
///     reader.lines(in: Array(repeating: 0x20, count: 11)[...])  // [.tooLong]
///
/// A line longer than ``maximumLength`` bytes is reported once, as soon as it is certain,
/// and its bytes are dropped up to its `\n`; the lines after it read normally. Blank lines
/// are skipped; one `\r` before the `\n` is dropped; a last line without `\n` is given by
/// ``finish()``.
struct McpLineReader {
  /// One line of input.
  enum Line: Hashable, Sendable {
    /// A line's bytes, without its `\n` (or `\r\n`).
    case message(ArraySlice<UInt8>)
    /// A line over the limit, whose bytes were dropped.
    case tooLong
  }

  /// The longest line read, in bytes, not counting its end.
  let maximumLength: Int
  /// The start of a line whose `\n` has not come yet.
  private var partial: [UInt8] = []
  /// Dropping the rest of a line that was reported too long.
  private var skipping = false

  /// The bytes held for a line whose `\n` has not come yet: at most ``maximumLength`` + 1.
  var bufferedByteCount: Int { partial.count }

  init(maximumLength: Int) {
    self.maximumLength = maximumLength
  }

  /// The lines completed by `bytes`, in order.
  mutating func lines(in bytes: ArraySlice<UInt8>) -> [Line] {
    var lines: [Line] = []
    var start = bytes.startIndex
    while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
      let segment = bytes[start..<newline]
      start = newline + 1
      if skipping {
        skipping = false
        continue
      }
      guard partial.count + segment.count <= maximumLength + 1 else {
        // One byte over the limit may be the `\r` of `\r\n`: checked below, once whole.
        partial.removeAll(keepingCapacity: false)
        lines.append(.tooLong)
        continue
      }
      var line: ArraySlice<UInt8>
      if partial.isEmpty {
        line = segment
      } else {
        partial.append(contentsOf: segment)
        line = partial[...]
        partial = []
      }
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      if line.count > maximumLength {
        lines.append(.tooLong)
      } else if !line.allSatisfy(Self.isBlank) {
        lines.append(.message(line))
      }
    }
    let rest = bytes[start...]
    if skipping || rest.isEmpty { return lines }
    if partial.count + rest.count > maximumLength + 1 {
      partial.removeAll(keepingCapacity: false)
      skipping = true
      lines.append(.tooLong)
    } else {
      partial.append(contentsOf: rest)
    }
    return lines
  }

  /// At the end of input: the last line if it had no `\n`.
  mutating func finish() -> Line? {
    defer {
      partial = []
      skipping = false
    }
    guard !skipping, !partial.isEmpty else { return nil }
    var line = partial[...]
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    if line.count > maximumLength { return .tooLong }
    return line.allSatisfy(Self.isBlank) ? nil : .message(line)
  }

  /// JSON's whitespace.
  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D
  }
}
