extension JSON {
  /// Compact JSON on one line: strings escape every control character, so a serialized
  /// value never contains a newline and can travel as one line of the wire protocol.
  public var serialized: String {
    var output: [UInt8] = []
    output.reserveCapacity(256)
    write(into: &output, indent: nil, level: 0)
    return String(decoding: output, as: UTF8.self)
  }

  /// Indented JSON (two spaces) for people, as `deeplink state --json` prints it.
  public var pretty: String {
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

  static func writeString(_ string: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
      case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
      case UInt8(ascii: "\n"): output.append(contentsOf: "\\n".utf8)
      case UInt8(ascii: "\r"): output.append(contentsOf: "\\r".utf8)
      case UInt8(ascii: "\t"): output.append(contentsOf: "\\t".utf8)
      case 0..<0x20, 0x7F:
        output.append(contentsOf: "\\u00".utf8)
        output.append(hex[Int(byte >> 4)])
        output.append(hex[Int(byte & 0xF)])
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
