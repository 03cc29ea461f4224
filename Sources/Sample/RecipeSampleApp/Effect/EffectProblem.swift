public import DeepLinkRoutes

/// Something wrong between a route table and the effects an app gives its routes, found by
/// ``check(_:effects:)``.
public enum EffectProblem: Hashable, Sendable, CustomStringConvertible {
  /// A route of the table has no effect: the app would not know what the link means.
  case missingEffect(route: String)
  /// An effect is given for a name the table has no route of.
  case effectWithoutRoute(String)
  /// An effect takes a parameter the route does not declare.
  case unknownEffectParameter(route: String, parameter: String)
  /// An effect binds a parameter to a screen that reads no argument of that name.
  case unknownScreenArgument(route: String, destination: String, parameter: String)

  /// The problem in one sentence, for a test failure or a build log.
  public var description: String {
    switch self {
    case .missingEffect(let route): "route '\(route)' has no effect"
    case .effectWithoutRoute(let name): "an effect is given for '\(name)', which is not a route of the table"
    case .unknownEffectParameter(let route, let parameter):
      "the effect of \(route) uses '\(parameter)', which \(route) does not declare"
    case .unknownScreenArgument(let route, let destination, let parameter):
      "the effect of \(route) binds '\(parameter)' to the \(destination) screen, which reads "
        + ((Destination(rawValue: destination)?.arguments.map { "'\($0.rawValue)'" }).map {
          $0.isEmpty ? "no argument" : $0.joined(separator: ", ")
        } ?? "no argument")
    }
  }

  /// Every problem between `table` and `effects`, in the table's order, then the effects
  /// without a route by name; empty when each route has an effect that uses only its own
  /// parameters, bound to arguments its screens read.
  public static func check(_ table: RouteTable, effects: [String: Effect]) -> [EffectProblem] {
    var problems: [EffectProblem] = []
    for route in table.routes {
      guard let effect = effects[route.name] else {
        problems.append(.missingEffect(route: route.name))
        continue
      }
      for template in effect.stack {
        for name in template.parameters
        where !template.destination.arguments.contains(where: { $0.rawValue == name }) {
          problems.append(
            .unknownScreenArgument(route: route.name, destination: template.destination.name, parameter: name)
          )
        }
      }
      let declared = Set(route.parameters.map(\.name))
      let used = effect.stack.flatMap(\.parameters) + effect.overrides.compactMap(\.parameter)
      for name in used where !declared.contains(name) {
        problems.append(.unknownEffectParameter(route: route.name, parameter: name))
      }
    }
    for name in effects.keys.sorted() where table.route(named: name) == nil {
      problems.append(.effectWithoutRoute(name))
    }
    return problems
  }
}
