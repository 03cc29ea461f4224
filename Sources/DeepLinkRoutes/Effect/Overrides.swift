/// The debug overrides in force: states a real app reaches only through failures or empty data.
///
/// The seed keeps these in `UserDefaults` (`debug_emptyRecipeList`, `debug_networkError`);
/// here they are part of the state a link describes, so none survives into the next link.
public struct Overrides: Hashable, Sendable {
  /// The recipe list shows its empty state.
  public var emptyRecipeList: Bool
  /// The recipe list shows a network error.
  public var networkError: Bool
  /// The favorites list shows its empty state.
  public var emptyFavorites: Bool
  /// The login screen shows this error message.
  public var loginError: String?

  /// Overrides with the given flags; by default none.
  public init(
    emptyRecipeList: Bool = false, networkError: Bool = false, emptyFavorites: Bool = false,
    loginError: String? = nil
  ) {
    self.emptyRecipeList = emptyRecipeList
    self.networkError = networkError
    self.emptyFavorites = emptyFavorites
    self.loginError = loginError
  }

  /// No override: what `reset` leaves.
  public static let none = Overrides()

  /// Whether no override is in force.
  public var isEmpty: Bool { self == .none }
}

/// One override a route sets, as data; ``loginError(messageFrom:)`` takes its text from a
/// parameter of the route.
public enum OverrideEffect: Hashable, Sendable {
  case emptyRecipeList
  case networkError
  case emptyFavorites
  case loginError(messageFrom: String)
}
