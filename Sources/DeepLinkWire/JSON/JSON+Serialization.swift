extension JSON {
  /// Compact JSON on one line: strings escape every control character, so a serialized
  /// value never contains a newline and can travel as one line of the wire protocol.
  package var serialized: String {
    var output: [UInt8] = []
    write(into: &output, indent: nil, level: 0)
    return String(decoding: output, as: UTF8.self)
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

  /// Appends `string` as a JSON string, quotes included, escaping `"`, `\` and every control
  /// character (DEL too), so that the result never holds a newline.
  private static func writeString(_ string: String, into output: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    output.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      let escaped: UInt8? =
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte
        case UInt8(ascii: "\n"): UInt8(ascii: "n")
        case UInt8(ascii: "\r"): UInt8(ascii: "r")
        case UInt8(ascii: "\t"): UInt8(ascii: "t")
        default: nil
        }
      if let escaped {
        output.append(UInt8(ascii: "\\"))
        output.append(escaped)
      } else if byte < 0x20 || byte == 0x7F {
        output.append(contentsOf: "\\u00".utf8)
        output.append(hex[Int(byte >> 4)])
        output.append(hex[Int(byte & 0xF)])
      } else {
        output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
