/// A screen of an effect's stack, with the names of the route parameters it takes.
public struct ScreenTemplate: Hashable, Sendable {
  /// The screen pushed.
  public let destination: Destination
  /// Route parameters copied, under the same names, into the screen's arguments.
  public let parameters: [String]

  /// A screen of `destination` taking the route parameters called `parameters`.
  public init(_ destination: Destination, _ parameters: [String] = []) {
    self.destination = destination
    self.parameters = parameters
  }
}
