import DeepLinkRoutes
import DeepLinkWire

extension AppState {
  /// Appends the state as `deeplink state --json` shows it, compact JSON on one line: `path`
  /// (one object per screen, its `destination` and arguments as further keys), each detail
  /// (an object of its values), and `screen` (the text). Written straight as bytes, with no
  /// tree between: every link's reply carries a state.
  func writeJSON(into output: inout [UInt8]) {
    output.append(#"{"path":["#)
    for (index, screen) in path.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      output.append(#"{"destination":"#)
      JSON.writeString(screen.name, into: &output)
      Self.write(screen.arguments, into: &output)
      output.append(UInt8(ascii: "}"))
    }
    output.append(UInt8(ascii: "]"))
    for detail in details {
      output.append(UInt8(ascii: ","))
      JSON.writeString(detail.name, into: &output)
      output.append(#":{"#)
      Self.write(detail.values, into: &output, first: true)
      output.append(UInt8(ascii: "}"))
    }
    output.append(#","screen":"#)
    JSON.writeString(screen, into: &output)
    output.append(UInt8(ascii: "}"))
  }

  /// Appends `arguments` as members of an object already open: `,"name":value` each, without
  /// the first comma when they are the `first` members.
  private static func write(_ arguments: [Argument], into output: inout [UInt8], first: Bool = false) {
    for (index, argument) in arguments.enumerated() {
      if index > 0 || !first { output.append(UInt8(ascii: ",")) }
      JSON.writeString(argument.name, into: &output)
      output.append(UInt8(ascii: ":"))
      switch argument.value {
      case .integer(let number): JSON.writeInteger(number, into: &output)
      case .string(let text): JSON.writeString(text, into: &output)
      case .boolean(let flag): output.append(flag ? "true" : "false")
      }
    }
  }
}
