import DeepLinkRoutes
public import RecipeSampleRoutes

/// The arguments screens read, by name. A route's effect binds its parameters to a screen
/// under these names, and ``RouteTable/problems`` checks that each binding is one the
/// destination reads, so a misspelt binding is caught at the table, not as a blank screen.
public enum ScreenArgument: String, CaseIterable, Hashable, Sendable {
  /// The recipe (integer) or user (string) shown.
  case id
  /// The order of the recipe list, one of ``RecipeSort``.
  case sort
  /// Whether the recipe editor holds unsaved changes.
  case unsaved
}

extension Destination {
  /// The arguments a screen of this destination reads.
  public var arguments: [ScreenArgument] {
    switch self {
    case .profile, .recipe: [.id]
    case .recipes: [.sort]
    case .recipeEdit: [.id, .unsaved]
    case .settings, .login, .favorites: []
    }
  }
}

extension Screen {
  /// The user id that means the signed-in user (the profile's default).
  public static let currentUserID = RecipeSampleRoutes.currentUserID

  /// The recipe a recipe or editor screen shows.
  public var recipeID: Int? {
    if case .integer(let id) = self[ScreenArgument.id.rawValue] { id } else { nil }
  }

  /// The user a profile screen shows; ``currentUserID`` when none is given.
  public var userID: String {
    self[ScreenArgument.id.rawValue]?.text ?? Self.currentUserID
  }

  /// The order of a recipe list; by name when none is given (the empty and error lists).
  public var sort: RecipeSort {
    self[ScreenArgument.sort.rawValue].flatMap { RecipeSort(rawValue: $0.text) } ?? .name
  }

  /// Whether an editor screen holds unsaved changes.
  public var hasUnsavedChanges: Bool {
    self[ScreenArgument.unsaved.rawValue] == .boolean(true)
  }
}
