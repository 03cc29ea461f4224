extension JSON {
  /// Compact JSON on one line: strings escape every control character, so a serialized
  /// value never contains a newline and can travel as one line of the wire protocol.
  package var serialized: String {
    var output: [UInt8] = []
    serialize(into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends ``serialized``'s bytes to `output`: a reply written straight into the buffer
  /// the server sends, without a `String` between them.
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
    case .int(let value): Self.writeInteger(value, into: &output)
    case .double(let value): output.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
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
        Self.writeString(members[index].key, into: &output)
        output.append(UInt8(ascii: ":"))
        if indent != nil { output.append(UInt8(ascii: " ")) }
        members[index].value.write(into: &output, indent: indent, level: level + 1)
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

  /// Appends `string` as a JSON string, quotes included, escaping `"`, `\` and every control
  /// character (DEL too), so that the result never holds a newline. The bytes between two
  /// escapes are found eight at a time (``JSONStringScan``) and appended as one run.
  package static func writeString(_ string: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { bytes in
      var runStart = 0
      while true {
        let end = JSONStringScan.plainRun(in: bytes, from: runStart, stoppingAtDelete: true).end
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end]))
        guard end < bytes.count else { break }
        let byte = bytes[end]
        runStart = end + 1
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case UInt8(ascii: "\n"): output.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): output.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): output.append(UInt8(ascii: "t"))
        default:
          output.append(contentsOf: "u00".utf8)
          output.append(hexDigit(byte >> 4))
          output.append(hexDigit(byte & 0xF))
        }
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Appends `value`'s decimal digits, a `-` first when negative.
  package static func writeInteger(_ value: Int, into output: inout [UInt8]) {
    if value < 0 { output.append(UInt8(ascii: "-")) }
    // The magnitude as unsigned, so that Int.min has one too.
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for UInt64.max's 20 digits
    withUnsafeMutableBytes(of: &digits) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      output.append(contentsOf: UnsafeRawBufferPointer(rebasing: digits[start...]))
    }
  }

  /// The lowercase hexadecimal digit of `nibble` (0...15).
  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
  }
}
