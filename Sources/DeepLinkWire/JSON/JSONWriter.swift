/// Growable bytes that JSON text is written into through a pointer: the one place that escapes
/// strings, for the ``JSON`` tree's serialization and for writers that put a value together
/// without building a tree (the app's reply to a link).
///
/// Not an `Array`: each `append` to an `[UInt8]` checks uniqueness and capacity, and a reply
/// holding a whole screen was two dozen appends and, in its strings, one more per escaped byte —
/// a tenth of the instructions of a link not seen before. The writer makes room once per
/// string (growing geometrically, so it stops growing once it held the largest reply), then
/// stores through a pointer, eight bytes at a time where no byte needs an escape.
///
///     var writer = JSONWriter()
///     writer.writeString("say \"hi\"\n")
///     writer.withBytes { String(decoding: $0, as: UTF8.self) }  // "say \"hi\"\n", escaped
///
/// Noncopyable: it owns its storage and frees it when it ends.
package struct JSONWriter: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// How many bytes were written.
  package private(set) var count = 0

  /// An empty writer with room for `capacity` bytes before it first grows.
  package init(capacity: Int = 256) {
    self.capacity = Swift.max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    base.deallocate()
  }

  /// Calls `body` with the bytes written so far (valid only during the call).
  package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    body(UnsafeBufferPointer(start: base, count: count))
  }

  /// Forgets what was written, keeping the storage.
  package mutating func removeAll() {
    count = 0
  }

  /// Appends `byte`.
  package mutating func append(_ byte: UInt8) {
    makeRoom(1)
    base[count] = byte
    count += 1
  }

  /// Appends `bytes` as they are.
  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    makeRoom(bytes.count)
    (base + count).initialize(from: source, count: bytes.count)
    count += bytes.count
  }

  /// Appends `bytes` as they are.
  package mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Appends `text`'s UTF-8 bytes as they are, unescaped: JSON punctuation and keys known to
  /// need no escape, straight from the literal (a `String` was first checked for being
  /// native, contiguous or small, about ninety instructions a call).
  package mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends `text`'s UTF-8 bytes as they are, unescaped: for JSON punctuation and keys known
  /// to need no escape.
  package mutating func appendUTF8(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Appends `value` in decimal, as JSON writes an integer.
  package mutating func write(_ value: Int) {
    var magnitude = value.magnitude
    var length = value < 0 ? 2 : 1
    var rest = magnitude
    while rest >= 10 {
      rest /= 10
      length += 1
    }
    makeRoom(length)
    if value < 0 { base[count] = UInt8(ascii: "-") }
    var digit = base + count + length
    repeat {
      digit -= 1
      digit.pointee = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    count += length
  }

  /// Appends `string` as a JSON string, quotes included, escaping `"`, `\\` and every control
  /// character (DEL too), so that the result never holds a newline.
  package mutating func writeString(_ string: String) {
    var string = string
    string.withUTF8 { writeString(utf8: $0) }
  }

  /// ``writeString(_:)`` for text at hand as UTF-8 bytes.
  ///
  /// Room for the worst case (every byte a six-byte `\u00XX`) is made once. Then eight bytes
  /// are loaded at a time: when none of them needs an escape they are stored as one word;
  /// otherwise the bytes before the first that does are (the word is stored whole and the end
  /// moved past them alone), that byte is escaped, and the next word starts after it.
  package mutating func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    // Six bytes a byte, two quotes, and the eight a word store may write past the end.
    makeRoom(6 * bytes.count + 2 + 8)
    var output = base + count
    output.pointee = UInt8(ascii: "\"")
    output += 1
    if let source = bytes.baseAddress {
      let count = bytes.count
      var offset = 0
      while offset + 8 <= count {
        let word = UInt64(littleEndian: UnsafeRawPointer(source + offset).loadUnaligned(as: UInt64.self))
        UnsafeMutableRawPointer(output).storeBytes(of: word.littleEndian, as: UInt64.self)
        let flagged = Self.escapeFlags(word)
        if flagged == 0 {
          output += 8
          offset += 8
          continue
        }
        // The lowest flag is exact (the borrows that cause false flags only run upwards).
        let clean = flagged.trailingZeroBitCount >> 3
        output += clean
        offset += clean
        output = Self.escape(source[offset], to: output)
        offset += 1
      }
      while offset < count {
        output = Self.escape(source[offset], to: output)
        offset += 1
      }
    }
    output.pointee = UInt8(ascii: "\"")
    output += 1
    count = output - base
  }

  /// The high bit of each byte of `word` (in memory order from the low end) that needs an
  /// escape: exact for the lowest flagged byte; above it, a byte may be flagged falsely.
  private static func escapeFlags(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func zeros(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
    let control = (word &- ones &* 0x20) & ~word & highs
    return control | zeros(word ^ (ones &* 0x22)) | zeros(word ^ (ones &* 0x5C))
      | zeros(word ^ (ones &* 0x7F))
  }

  /// Writes `byte` at `output`, escaped if it must be (quotes, backslashes and control
  /// characters, `0x00`–`0x1F` and `0x7F`); returns where the next byte goes.
  private static func escape(_ byte: UInt8, to output: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<
    UInt8
  > {
    guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F else {
      output.pointee = byte
      return output + 1
    }
    output[0] = UInt8(ascii: "\\")
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): output[1] = byte
    case UInt8(ascii: "\n"): output[1] = UInt8(ascii: "n")
    case UInt8(ascii: "\r"): output[1] = UInt8(ascii: "r")
    case UInt8(ascii: "\t"): output[1] = UInt8(ascii: "t")
    default:
      let hex: StaticString = "0123456789abcdef"
      output[1] = UInt8(ascii: "u")
      output[2] = UInt8(ascii: "0")
      output[3] = UInt8(ascii: "0")
      output[4] = hex.utf8Start[Int(byte >> 4)]
      output[5] = hex.utf8Start[Int(byte & 0xF)]
      return output + 6
    }
    return output + 2
  }

  /// Makes room for `extra` more bytes, at least doubling the storage when it grows.
  private mutating func makeRoom(_ extra: Int) {
    guard capacity - count < extra else { return }
    let newCapacity = Swift.max(2 * capacity, count + extra)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    grown.initialize(from: base, count: count)
    base.deallocate()
    base = grown
    capacity = newCapacity
  }
}
