public import DeepLinkRoutes

/// The debug overrides in force: states a real app reaches only through failures or empty data.
///
/// A SwiftUI app would keep these in `UserDefaults` (`debug_emptyRecipeList`,
/// `debug_networkError`), where one outlives the link that set it; here they are part of the
/// state a link describes, so none survives into the next link.
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

  /// The value of override `kind`: `true` for a flag in force, the message of a login error,
  /// `nil` when not in force.
  public func value(of kind: Override) -> ArgumentValue? {
    switch kind {
    case .emptyRecipeList: emptyRecipeList ? .boolean(true) : nil
    case .networkError: networkError ? .boolean(true) : nil
    case .emptyFavorites: emptyFavorites ? .boolean(true) : nil
    case .loginError: loginError.map { .string($0) }
    }
  }

  /// The overrides in force, in declaration order, each with its value: what the state's
  /// JSON lists.
  public var inForce: [(kind: Override, value: ArgumentValue)] {
    Override.allCases.compactMap { kind in value(of: kind).map { (kind, $0) } }
  }

  /// Puts override `kind` in force; `message` is the text of a login error.
  package mutating func set(_ kind: Override, message: String?) {
    switch kind {
    case .emptyRecipeList: emptyRecipeList = true
    case .networkError: networkError = true
    case .emptyFavorites: emptyFavorites = true
    case .loginError: loginError = message ?? ""
    }
  }
}

/// The kinds of debug override. The raw value names an override everywhere outside Swift: the
/// state's JSON key, the route table's fingerprint.
public enum Override: String, CaseIterable, Hashable, Sendable {
  case emptyRecipeList, networkError, emptyFavorites, loginError
}

/// One override a route sets, as data; ``loginError(messageFrom:)`` takes its text from a
/// parameter of the route.
public enum OverrideEffect: Hashable, Sendable {
  case emptyRecipeList
  case networkError
  case emptyFavorites
  case loginError(messageFrom: String)

  /// The override this effect puts in force.
  public var kind: Override {
    switch self {
    case .emptyRecipeList: .emptyRecipeList
    case .networkError: .networkError
    case .emptyFavorites: .emptyFavorites
    case .loginError: .loginError
    }
  }

  /// The route parameter the override's value comes from, if it takes one.
  public var parameter: String? {
    if case .loginError(let name) = self { name } else { nil }
  }
}
