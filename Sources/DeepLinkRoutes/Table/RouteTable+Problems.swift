/// Something wrong with a route table's declarations, found by ``RouteTable/problems``.
public enum TableProblem: Hashable, Sendable, CustomStringConvertible {
  /// Two routes have this name; the table keeps the first.
  case duplicateRoute(String)
  /// A route name that is not lowercase ASCII letters, digits and hyphens, a letter first.
  case invalidRouteName(String)
  /// A parameter name that is not letters, digits and hyphens, a letter first.
  case invalidParameterName(route: String, parameter: String)
  /// Two parameters of one route have this name.
  case duplicateParameter(route: String, parameter: String)
  /// A default its own parameter's type refuses (out of range, not a choice, another type).
  case invalidDefault(route: String, parameter: String)
  /// A choice parameter with nothing to choose.
  case emptyChoices(route: String, parameter: String)

  /// The problem in one sentence, for a test failure or a build log.
  public var description: String {
    switch self {
    case .duplicateRoute(let name): "route '\(name)' is declared twice"
    case .invalidRouteName(let name):
      "route name '\(name)' must be lowercase ASCII letters, digits and hyphens"
    case .invalidParameterName(let route, let parameter):
      "parameter '\(parameter)' of \(route) must start with a letter and hold only letters, digits, hyphens"
    case .duplicateParameter(let route, let parameter):
      "parameter '\(parameter)' of \(route) is declared twice"
    case .invalidDefault(let route, let parameter):
      "the default of \(route)'s '\(parameter)' does not satisfy its own type"
    case .emptyChoices(let route, let parameter):
      "choice parameter '\(parameter)' of \(route) has no choices"
    }
  }
}

extension RouteTable {
  /// Every problem with the declarations; empty for a sound table. Names a command-line tool
  /// reserves for itself are that tool's own check (`DeepLinkTool.problems`).
  public var problems: [TableProblem] {
    var problems: [TableProblem] = []
    var seen: Set<String> = []
    for route in routes {
      if !seen.insert(route.name).inserted { problems.append(.duplicateRoute(route.name)) }
      if !Self.isValidName(route.name, allowUppercase: false) {
        problems.append(.invalidRouteName(route.name))
      }
      var parameterNames: Set<String> = []
      for parameter in route.parameters {
        if !Self.isValidName(parameter.name, allowUppercase: true) {
          problems.append(.invalidParameterName(route: route.name, parameter: parameter.name))
        }
        if !parameterNames.insert(parameter.name).inserted {
          problems.append(.duplicateParameter(route: route.name, parameter: parameter.name))
        }
        if let value = parameter.defaultValue, !parameter.type.accepts(value) {
          problems.append(.invalidDefault(route: route.name, parameter: parameter.name))
        }
        if case .choice(let choices) = parameter.type, choices.isEmpty {
          problems.append(.emptyChoices(route: route.name, parameter: parameter.name))
        }
      }
    }
    return problems
  }

  /// A letter first, then letters, digits and hyphens; no trailing hyphen. Routes files are
  /// checked by the same rule.
  package static func isValidName(_ name: String, allowUppercase: Bool) -> Bool {
    let bytes = name.utf8
    guard let first = bytes.first, bytes.last != UInt8(ascii: "-") else { return false }
    func isLetter(_ byte: UInt8) -> Bool {
      allowUppercase ? byte.isASCIILetter : byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
    }
    return isLetter(first) && bytes.allSatisfy { isLetter($0) || $0.isASCIIDigit || $0 == UInt8(ascii: "-") }
  }
}
