/// A route with a value for each of its parameters: a parsed or about-to-be-built debug link.
///
///     let link = try RouteTable.recipeSample.parse("debug://recipe?id=42")
///     link.route.name  // "recipe"
///     link["id"]  // .integer(42)
///     RouteTable.recipeSample.url(for: link)  // "debug://recipe?id=42"
public struct Link: Hashable, Sendable {
  /// The route the link opens.
  public let route: Route
  /// One value per parameter of `route`, in declaration order, defaults filled in.
  public let values: [ArgumentValue]

  /// Made by ``Route/bind(_:)``, which checks the values against the parameters.
  init(route: Route, values: [ArgumentValue]) {
    self.route = route
    self.values = values
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
