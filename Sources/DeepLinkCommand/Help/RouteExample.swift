package import DeepLinkRoutes

/// Example links of a route, made from its declaration, for help and the route reference.
enum RouteExample {
  /// The route with its required parameters at sample values and the rest at their defaults:
  /// `recipe --id 1`. `nil` only if the samples do not bind.
  static func minimal(_ route: Route) -> Link? {
    try? route.bind(
      route.parameters.filter(\.isRequired).map { ($0.name, sample(for: $0).text) })
  }

  /// Every parameter given a sample value other than its default: `recipe-edit --id 1
  /// --unsaved`. `nil` when the route has no optional parameter (then it is ``minimal(_:)``).
  static func full(_ route: Route) -> Link? {
    guard route.parameters.contains(where: { !$0.isRequired }) else { return nil }
    return try? route.bind(route.parameters.map { ($0.name, sample(for: $0).text) })
  }

  /// A value of `parameter`'s type that differs from its default: the low end of a range,
  /// the first choice, `true`, or a sample text.
  static func sample(for parameter: Parameter) -> ArgumentValue {
    let value: ArgumentValue
    let alternative: ArgumentValue
    switch parameter.type {
    case .integer(let range):
      value = .integer(range?.lowerBound ?? 1)
      alternative = .integer(
        range.map { $0.lowerBound < $0.upperBound ? $0.lowerBound + 1 : $0.lowerBound } ?? 2)
    case .string:
      value = .string("example")
      alternative = .string("sample")
    case .boolean:
      value = .boolean(true)
      alternative = .boolean(false)
    case .choice(let choices):
      value = .string(choices.first ?? "")
      alternative = .string(choices.dropFirst().first ?? choices.first ?? "")
    }
    return value == parameter.defaultValue ? alternative : value
  }

  /// The route with its own defaults made explicit, for the first route of the table that
  /// has a required parameter (else the first route): the example of overview help.
  static func representative(in table: RouteTable) -> Link? {
    (table.routes.first(where: { $0.parameters.contains(where: \.isRequired) }) ?? table.routes.first)
      .flatMap(minimal)
  }
}

extension Link {
  /// The link as `deeplink` arguments, shell-quoted: `recipe --id 42`,
  /// `login-error --message 'Bad password'`. Parameters at their default are left out,
  /// as in the URL; a value starting with `-` is attached (`--id=-1`).
  package var commandLine: String {
    var words = [route.name]
    for (parameter, value) in zip(route.parameters, values) where value != parameter.defaultValue {
      switch value {
      case .boolean(true) where parameter.type == .boolean:
        words.append("--" + parameter.name)
      case _ where value.text.utf8.first == UInt8(ascii: "-"):
        words.append(ShellQuoting.quote("--\(parameter.name)=\(value.text)"))
      default:
        words.append("--" + parameter.name)
        words.append(ShellQuoting.quote(value.text))
      }
    }
    return words.joined(separator: " ")
  }
}
