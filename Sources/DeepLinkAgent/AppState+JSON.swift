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
