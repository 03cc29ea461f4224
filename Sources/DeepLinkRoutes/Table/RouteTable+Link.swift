extension RouteTable {
  /// Makes the link of route `name` with `arguments` given by parameter name, checked like a
  /// parsed URL.
  ///
  ///     try RouteTable.recipeSample.link("recipe", ["id": .integer(42)])
  ///
  /// - Throws: ``LinkError`` when the route is unknown or the arguments do not fit it.
  public func link(_ name: String, _ arguments: KeyValuePairs<String, ArgumentValue> = [:])
    throws(LinkError) -> Link
  {
    guard let route = route(named: name) else {
      throw .unknownRoute(name, suggestion: suggestion(for: name))
    }
    do {
      return try route.bind(arguments.map { ($0.key, $0.value.text) })
    } catch {
      throw .argument(error)
    }
  }
}
