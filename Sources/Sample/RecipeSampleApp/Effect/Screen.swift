public import DeepLinkRoutes

/// One entry of the navigation stack: a destination with the arguments it was opened with.
///
///     Screen(.recipe, [("id", .integer(42))])  // recipe 42
public struct Screen: Hashable, Sendable {
  /// What the screen shows.
  public let destination: Destination
  /// The destination's arguments, in declaration order.
  public let arguments: [Argument]

  /// A screen of `destination` opened with `arguments`.
  public init(_ destination: Destination, _ arguments: [Argument] = []) {
    self.destination = destination
    self.arguments = arguments
  }

  /// A screen of `destination` opened with `(name, value)` pairs.
  public init(_ destination: Destination, _ arguments: [(String, ArgumentValue)]) {
    self.init(destination, arguments.map { Argument(name: $0.0, value: $0.1) })
  }

  /// The value of the argument called `name`, if the screen has one.
  public subscript(name: String) -> ArgumentValue? {
    arguments.first(where: { $0.name == name })?.value
  }
}
