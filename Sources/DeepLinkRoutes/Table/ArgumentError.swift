/// Why the arguments given to a route do not make a link. Shared by URL queries and command
/// lines; ``message(prefix:)`` names parameters the way the user wrote them.
public enum ArgumentError: Error, Hashable, Sendable {
  /// A name the route does not declare, with the closest declared one and all of them.
  case unknownParameter(String, route: String, suggestion: String?, known: [String])
  /// A required parameter left out.
  case missingParameter(String, route: String)
  /// A parameter given more than once.
  case duplicateParameter(String)
  /// A non-boolean parameter given without a value.
  case missingValue(String)
  /// A value its parameter's type does not accept.
  case invalidValue(String, ValueError)

  /// One sentence; `prefix` is `""` for URL query keys and `"--"` for command-line options.
  ///
  ///     ArgumentError.missingParameter("id", route: "recipe").message(prefix: "--")
  ///     // "recipe requires --id"
  public func message(prefix: String) -> String {
    switch self {
    case .unknownParameter(let name, let route, let suggestion, let known):
      if let suggestion {
        return
          "unknown \(prefix.isEmpty ? "parameter" : "option") '\(prefix)\(name.messageExcerpt)' for \(route)"
          + " — did you mean '\(prefix)\(suggestion)'?"
      }
      let list =
        known.isEmpty
        ? "\(route) takes none" : "\(route) takes \(known.map { prefix + $0 }.joined(separator: ", "))"
      return "unknown \(prefix.isEmpty ? "parameter" : "option") '\(prefix)\(name.messageExcerpt)'; \(list)"
    case .missingParameter(let name, let route):
      return "\(route) requires \(prefix)\(name)"
    case .duplicateParameter(let name):
      return "\(prefix)\(name) is given twice; give it once"
    case .missingValue(let name):
      return "\(prefix)\(name) needs a value"
    case .invalidValue(let name, let error):
      return error.message(for: prefix + name)
    }
  }
}
