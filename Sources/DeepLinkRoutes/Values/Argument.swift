/// A named value: one argument of a link, or of a screen the app shows.
public struct Argument: Hashable, Sendable {
  /// The argument's name: the parameter's.
  public let name: String
  /// The argument's value.
  public let value: ArgumentValue

  /// The argument `name` with `value`.
  public init(name: String, value: ArgumentValue) {
    self.name = name
    self.value = value
  }
}
