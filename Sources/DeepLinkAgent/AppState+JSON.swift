import DeepLinkRoutes
import DeepLinkWire

extension AppState {
  /// The state as `deeplink state --json` shows it: `path` (one object per screen, its
  /// `destination` and arguments as further keys), each detail (an object of its values), and
  /// `screen` (the text).
  var json: JSON {
    .object(
      [("path", .array(path.map(\.json)))]
        + details.map { ($0.name, .object($0.values.map { ($0.name, $0.value.json) })) }
        + [("screen", .string(screen))])
  }
}

extension AppState.Screen {
  var json: JSON {
    .object([("destination", .string(name))] + arguments.map { ($0.name, $0.value.json) })
  }
}

extension ArgumentValue {
  var json: JSON {
    switch self {
    case .integer(let number): .int(number)
    case .string(let string): .string(string)
    case .boolean(let flag): .bool(flag)
    }
  }
}

extension AppState {
  /// Appends ``json``'s serialized bytes, written straight from the state: building the
  /// ``JSON`` tree of arrays and tuples first, then serializing and freeing it, was about a
  /// third of the app's instructions for a link not seen before.
  func writeJSON(into output: inout JSONWriter) {
    output.append("{\"path\":[")
    for (position, screen) in path.enumerated() {
      if position > 0 { output.append(UInt8(ascii: ",")) }
      output.append("{\"destination\":")
      output.writeString(screen.name)
      Self.writeMembers(screen.arguments, into: &output)
      output.append(UInt8(ascii: "}"))
    }
    output.append(UInt8(ascii: "]"))
    for detail in details {
      output.append(UInt8(ascii: ","))
      output.writeString(detail.name)
      output.append(":{")
      Self.writeMembers(detail.values, into: &output, first: true)
      output.append(UInt8(ascii: "}"))
    }
    output.append(",\"screen\":")
    output.writeString(screen)
    output.append(UInt8(ascii: "}"))
  }

  /// `"name":value` for each argument, each after a comma unless it comes `first`.
  private static func writeMembers(
    _ arguments: [Argument], into output: inout JSONWriter, first: Bool = false
  ) {
    for (position, argument) in arguments.enumerated() {
      if !first || position > 0 { output.append(UInt8(ascii: ",")) }
      output.writeString(argument.name)
      output.append(UInt8(ascii: ":"))
      switch argument.value {
      case .integer(let number): output.write(number)
      case .string(let string): output.writeString(string)
      case .boolean(let flag): output.append(flag ? "true" : "false")
      }
    }
  }
}
