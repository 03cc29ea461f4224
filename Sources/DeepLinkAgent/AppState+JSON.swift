import DeepLinkRoutes
import DeepLinkWire

extension AppState {
  /// The state as `deeplink state --json` shows it: `path` (one object per screen, its
  /// `destination` and arguments as further keys), each detail (an object of its values), and
  /// `screen` (the text).
  var json: JSON {
    var members: [(String, JSON)] = []
    members.reserveCapacity(details.count + 2)
    members.append(("path", .array(path.map(\.json))))
    for detail in details {
      members.append((detail.name, .object(detail.values.map { ($0.name, $0.value.json) })))
    }
    members.append(("screen", .string(screen)))
    return .object(members)
  }
}

extension AppState.Screen {
  var json: JSON {
    var members: [(String, JSON)] = []
    members.reserveCapacity(arguments.count + 1)
    members.append(("destination", .string(name)))
    for argument in arguments { members.append((argument.name, argument.value.json)) }
    return .object(members)
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
