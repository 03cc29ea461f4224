extension JSON {
  /// Compact JSON on one line: strings escape every control character, so a serialized
  /// value never contains a newline and can travel as one line of the wire protocol.
  package var serialized: String {
    var output: [UInt8] = []
    output.reserveCapacity(256)
    write(into: &output, indent: nil, level: 0)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends ``serialized``'s bytes to `output`, with no `String` in between (the app's
  /// replies go out as bytes: decoding them into a `String` and back was a tenth of the time
  /// of a link not seen before).
  package func serialize(into output: inout [UInt8]) {
    write(into: &output, indent: nil, level: 0)
  }

  /// Indented JSON (two spaces) for people, as `deeplink state --json` prints it.
  package var pretty: String {
    var output: [UInt8] = []
    write(into: &output, indent: 2, level: 0)
    return String(decoding: output, as: UTF8.self)
  }

  private func write(into output: inout [UInt8], indent: Int?, level: Int) {
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
    case .int(let value): output.append(contentsOf: String(value).utf8)
    case .double(let value):
      output.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
    case .string(let value): Self.writeString(value, into: &output)
    case .array(let elements):
      writeContainer(
        open: "[", close: "]", count: elements.count, into: &output, indent: indent, level: level
      ) { output, index in
        elements[index].write(into: &output, indent: indent, level: level + 1)
      }
    case .object(let members):
      writeContainer(
        open: "{", close: "}", count: members.count, into: &output, indent: indent, level: level
      ) { output, index in
        Self.writeString(members[index].0, into: &output)
        output.append(UInt8(ascii: ":"))
        if indent != nil { output.append(UInt8(ascii: " ")) }
        members[index].1.write(into: &output, indent: indent, level: level + 1)
      }
    }
  }

  private func writeContainer(
    open: Unicode.Scalar, close: Unicode.Scalar, count: Int, into output: inout [UInt8],
    indent: Int?, level: Int, element: (inout [UInt8], Int) -> Void
  ) {
    output.append(UInt8(ascii: open))
    for index in 0..<count {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      if let indent {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * (level + 1)))
      }
      element(&output, index)
    }
    if let indent, count > 0 {
      output.append(UInt8(ascii: "\n"))
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }
    output.append(UInt8(ascii: close))
  }

  private static let hex = Array("0123456789abcdef".utf8)

  /// Appends `string` as a JSON string, quotes included, escaping `"`, `\\` and every control
  /// character (DEL too), so that the result never holds a newline. For writers that put
  /// a value together without building a ``JSON`` tree first (the app's reply to a link).
  package static func writeString(_ string: String, into output: inout [UInt8]) {
    var string = string
    string.withUTF8 { writeString(utf8: $0, into: &output) }
  }

  /// ``writeString(_:into:)`` for text already at hand as UTF-8 bytes.
  ///
  /// Runs of bytes that need no escape are copied whole, and eight bytes at a time are skipped
  /// while none of them may need one: a reply carries a whole screen, and a byte-at-a-time
  /// loop was a tenth of the time of a link not seen before. No capacity is reserved per
  /// string: an exact `reserveCapacity` before each of a reply's dozen strings grew the buffer
  /// by a copy each time instead of geometrically.
  package static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    let raw = UnsafeRawBufferPointer(bytes)
    let count = bytes.count
    var runStart = 0
    var offset = 0
    while offset < count {
      while offset + 8 <= count, !mayNeedEscape(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) {
        offset += 8
      }
      let end = min(offset + 8, count)
      while offset < end {
        let byte = bytes[offset]
        if needsEscape(byte) {
          output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
          runStart = offset + 1
          output.append(UInt8(ascii: "\\"))
          switch byte {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
          case UInt8(ascii: "\n"): output.append(UInt8(ascii: "n"))
          case UInt8(ascii: "\r"): output.append(UInt8(ascii: "r"))
          case UInt8(ascii: "\t"): output.append(UInt8(ascii: "t"))
          default:
            output.append(UInt8(ascii: "u"))
            output.append(UInt8(ascii: "0"))
            output.append(UInt8(ascii: "0"))
            output.append(hex[Int(byte >> 4)])
            output.append(hex[Int(byte & 0xF)])
          }
        }
        offset += 1
      }
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    output.append(UInt8(ascii: "\""))
  }

  private static func mayNeedEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
    let control = (word &- ones &* 0x20) & ~word & highs != 0
    return control || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
      || hasZero(word ^ (ones &* 0x7F))
  }

  /// Quotes, backslashes and control characters (`0x00`–`0x1F`, `0x7F`).
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
  }
}
