/// A route with a value for each of its parameters: a parsed or about-to-be-built debug link.
///
///     let link = try RouteTable.builtIn.parse("debug://recipe?id=42")
///     link.route.name  // "recipe"
///     link["id"]  // .integer(42)
///     RouteTable.builtIn.url(for: link)  // "debug://recipe?id=42"
public struct Link: Hashable, Sendable {
  /// The route the link opens.
  public let route: Route
  /// One value per parameter of `route`, in declaration order, defaults filled in.
  public let values: [ArgumentValue]
  /// The text this link was parsed from, when it is the link's canonical URL exactly (what
  /// ``RouteTable/url(for:)`` would build): `url(for:)` then returns it instead of building it
  /// again. Not part of the link's identity: two links are equal when route and values are.
  let canonicalURL: String?

  /// Made by ``Route/bind(_:)``, which checks the values against the parameters, and by
  /// ``RouteTable/parse(_:)``, which also knows whether its text was canonical.
  init(route: Route, values: [ArgumentValue], canonicalURL: String? = nil) {
    self.route = route
    self.values = values
    self.canonicalURL = canonicalURL
  }

  /// Whether `left` and `right` open the same route with the same values.
  public static func == (left: Link, right: Link) -> Bool {
    left.route == right.route && left.values == right.values
  }

  /// Hashes the route and the values, what ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(route)
    hasher.combine(values)
  }

  /// The value of parameter `name`, or `nil` if the route has no such parameter.
  public subscript(name: String) -> ArgumentValue? {
    route.parameters.firstIndex(where: { $0.name == name }).map { values[$0] }
  }

  /// The parameters with their values, in declaration order.
  public var arguments: [Argument] {
    zip(route.parameters, values).map { Argument(name: $0.name, value: $1) }
  }

}
