import AppModel
import DeepLinkRoutes
import DeepLinkWire

extension AppModel {
  /// The state as `deeplink state --json` shows it: `path` (one object per screen, its
  /// `destination` and arguments as further keys), `overrides` (only those in force) and
  /// `screen` (the text snapshot).
  var stateJSON: JSON {
    .object([
      ("path", .array(state.path.map(\.json))),
      ("overrides", state.overrides.json),
      ("screen", .string(screen)),
    ])
  }
}

extension Screen {
  var json: JSON {
    .object([("destination", .string(destination.name))] + arguments.map { ($0.name, $0.value.json) })
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

extension Overrides {
  var json: JSON {
    .object(inForce.map { ($0.kind.rawValue, $0.value.json) })
  }
}
