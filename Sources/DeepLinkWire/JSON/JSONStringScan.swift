/// Finds where a run of bytes that a JSON string holds as themselves ends, eight bytes at a
/// time: the app's screen is most of every reply and of every MCP result, and a byte at a time
/// cost about ten instructions a byte on each side of the socket.
enum JSONStringScan {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// Whether a byte of `word` is below `limit` (at most 0x80). Exact for the word as a whole:
  /// the lowest such byte is always flagged, and a byte of 0x80 or more never is; a byte above
  /// a flagged one may be flagged falsely, which is why a flagged word is read again byte by
  /// byte.
  @inline(__always)
  static func hasByte(below limit: UInt64, in word: UInt64) -> Bool {
    (word &- ones &* limit) & ~word & highBits != 0
  }

  /// Whether a byte of `word` is `value`.
  @inline(__always)
  static func hasByte(_ value: UInt64, in word: UInt64) -> Bool {
    hasByte(below: 1, in: word ^ (ones &* value))
  }

  /// Whether `byte` ends a run: a quote, a backslash, a control byte, and DEL when `delete`.
  @inline(__always)
  private static func endsRun(_ byte: UInt8, delete: Bool) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (delete && byte == 0x7F)
  }

  /// The index of the first byte from `start` that ends a run (a quote, a backslash, a
  /// control byte, and DEL when `stoppingAtDelete`), or `bytes.count`; and whether the bytes
  /// before it are ASCII.
  static func plainRun(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, stoppingAtDelete delete: Bool
  ) -> (end: Int, ascii: Bool) {
    var index = start
    var seen: UInt64 = 0
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while index + 8 <= bytes.count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if hasByte(below: 0x20, in: word) || hasByte(0x22, in: word) || hasByte(0x5C, in: word)
          || (delete && hasByte(0x7F, in: word))
        {
          break
        }
        seen |= word
        index += 8
      }
    }
    var ascii = seen & highBits == 0
    while index < bytes.count {
      let byte = bytes[index]
      if endsRun(byte, delete: delete) { break }
      if byte >= 0x80 { ascii = false }
      index += 1
    }
    return (index, ascii)
  }
}
