/// A value a parameter can take in the app's data, for shell completion.
public struct SuggestedValue: Hashable, Sendable {
  /// The value as typed on the command line (`42`).
  public let value: String
  /// What it stands for (`Spaghetti Bolognese`).
  public let description: String

  /// `value`, described as `description`.
  public init(_ value: String, description: String) {
    self.value = value
    self.description = description
  }
}
