import DeepLinkRoutes
import DeepLinkWire

extension AppState {
  /// The state as `deeplink state --json` shows it: `path` (one object per screen, its
  /// `destination` and arguments as further keys), each detail (an object of its values), and
  /// `screen` (the text).
  var json: JSON {
    var members: [JSON.Member] = []
    members.reserveCapacity(details.count + 2)
    members.append(JSON.Member("path", .array(path.map(\.json))))
    for detail in details {
      members.append(
        JSON.Member(detail.name, .object(detail.values.map { JSON.Member($0.name, $0.value.json) })))
    }
    members.append(JSON.Member("screen", .string(screen)))
    return .object(members)
  }
}

extension AppState.Screen {
  var json: JSON {
    var members: [JSON.Member] = []
    members.reserveCapacity(arguments.count + 1)
    members.append(JSON.Member("destination", .string(name)))
    for argument in arguments { members.append(JSON.Member(argument.name, argument.value.json)) }
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
