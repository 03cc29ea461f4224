/// A screen the app can push on its navigation stack, as a SwiftUI app's `NavigationPath` holds
/// its `Destination` values.
///
/// The root (home) screen is not a destination; it is what an empty stack shows.
public enum Destination: String, Hashable, Sendable, CaseIterable {
  case settings
  case profile
  case recipes
  case recipe
  case recipeEdit = "recipe-edit"
  case login
  case favorites

  /// The name used in the state's JSON (`"destination": "recipe-edit"`).
  public var name: String { rawValue }
}
