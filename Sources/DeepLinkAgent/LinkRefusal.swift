/// A link the app will not apply, with the reason: the agent answers with it, `deeplink`
/// prints it and exits 65, and nothing of the app's state changes.
///
///     throw LinkRefusal("product 7 is not in the catalogue")
public struct LinkRefusal: Error, Hashable, Sendable {
  /// Why, in one sentence a developer can act on.
  public let reason: String

  /// A refusal for `reason`.
  public init(_ reason: String) {
    self.reason = reason
  }
}
