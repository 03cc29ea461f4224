/// One debug link, declared once: its name, help and typed parameters.
///
/// Everything else about the route derives from this value: the URL it builds and parses,
/// the `deeplink` subcommand and its options, help text and shell completion. What the link
/// does is the app's business: it receives the parsed ``Link``.
///
///     Route(
///       "recipe", summary: "Show one recipe",
///       parameters: [.integer("id", range: 1...999_999, help: "The recipe to show")])
public struct Route: Hashable, Sendable {
  /// The URL host and the subcommand: lowercase ASCII letters, digits and hyphens.
  public let name: String
  /// One line, no trailing period.
  public let summary: String
  /// Longer help; may be empty.
  public let help: String
  /// The typed parameters, in declaration order (the order of URLs and help).
  public let parameters: [Parameter]

  /// Declares a route; see the type's example.
  public init(_ name: String, summary: String, help: String = "", parameters: [Parameter] = []) {
    self.name = name
    self.summary = summary
    self.help = help
    self.parameters = parameters
  }

  /// The parameter called `name`, if the route has one.
  public func parameter(named name: String) -> Parameter? {
    parameters.first(where: { $0.name == name })
  }

  /// Binds raw `(name, text)` pairs, as they come from a URL query or a command line, to a
  /// link: each name known and given once, each text parsed by its type, every required
  /// parameter present, defaults filled in.
  ///
  /// A `nil` text means the name came without a value (`?flag`, `--flag`): `true` for a
  /// boolean, a ``ArgumentError/missingValue(_:)`` for anything else.
  ///
  /// - Throws: ``ArgumentError`` for the first pair that is wrong, in input order.
  public func bind(_ pairs: [(name: String, text: String?)]) throws(ArgumentError) -> Link {
    // The values given and their parameters' positions, in the order given: at most one per
    // parameter, since a second is refused, so a search of them is short. Two arrays, not one
    // of tuples, whose type's metadata a process would build at run time.
    var positions: [Int] = []
    var values: [ArgumentValue] = []
    positions.reserveCapacity(Swift.min(pairs.count, parameters.count))
    values.reserveCapacity(Swift.min(pairs.count, parameters.count))
    for (name, text) in pairs {
      guard let position = parameters.firstIndex(where: { $0.name == name }) else {
        let names = parameters.map(\.name)
        throw .unknownParameter(
          name, route: self.name, suggestion: Suggestion.closest(to: name, in: names), known: names)
      }
      guard !positions.contains(position) else { throw .duplicateParameter(name) }
      guard let text else {
        guard parameters[position].type == .boolean else { throw .missingValue(name) }
        positions.append(position)
        values.append(.boolean(true))
        continue
      }
      do {
        values.append(try parameters[position].type.parse(text))
        positions.append(position)
      } catch {
        throw .invalidValue(name, error)
      }
    }
    var bound: [ArgumentValue] = []
    bound.reserveCapacity(parameters.count)
    for (position, parameter) in parameters.enumerated() {
      guard let value = positions.firstIndex(of: position).map({ values[$0] }) ?? parameter.defaultValue
      else {
        throw .missingParameter(parameter.name, route: name)
      }
      bound.append(value)
    }
    return Link(route: self, values: bound)
  }
}
