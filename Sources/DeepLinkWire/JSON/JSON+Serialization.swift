extension JSON {
  /// Compact JSON on one line: strings escape every control character, so a serialized
  /// value never contains a newline and can travel as one line of the wire protocol.
  package var serialized: String {
    var output = JSONWriter()
    write(into: &output, indent: nil, level: 0)
    return output.withBytes { String(decoding: $0, as: UTF8.self) }
  }

  /// Indented JSON (two spaces) for people, as `deeplink state --json` prints it.
  package var pretty: String {
    var output = JSONWriter()
    write(into: &output, indent: 2, level: 0)
    return output.withBytes { String(decoding: $0, as: UTF8.self) }
  }

  private func write(into output: inout JSONWriter, indent: Int?, level: Int) {
    switch self {
    case .null: output.appendUTF8("null")
    case .bool(let value): output.appendUTF8(value ? "true" : "false")
    case .int(let value): output.write(value)
    case .double(let value): output.appendUTF8(value.isFinite ? String(value) : "null")
    case .string(let value): output.writeString(value)
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
        output.writeString(members[index].0)
        output.append(UInt8(ascii: ":"))
        if indent != nil { output.append(UInt8(ascii: " ")) }
        members[index].1.write(into: &output, indent: indent, level: level + 1)
      }
    }
  }

  private func writeContainer(
    open: Unicode.Scalar, close: Unicode.Scalar, count: Int, into output: inout JSONWriter,
    indent: Int?, level: Int, element: (inout JSONWriter, Int) -> Void
  ) {
    output.append(UInt8(ascii: open))
    for index in 0..<count {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      if let indent {
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<indent * (level + 1) { output.append(UInt8(ascii: " ")) }
      }
      element(&output, index)
    }
    if let indent, count > 0 {
      output.append(UInt8(ascii: "\n"))
      for _ in 0..<indent * level { output.append(UInt8(ascii: " ")) }
    }
    output.append(UInt8(ascii: close))
  }
}
