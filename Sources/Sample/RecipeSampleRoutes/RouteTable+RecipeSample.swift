public import DeepLinkRoutes

extension RouteTable {
  /// The sample recipe app's links: its screens and debug states, favorites among them. The table of
  /// `deeplink` and `deeplink-app`.
  ///
  /// Add a route here and it becomes a URL, a `deeplink` subcommand with help and
  /// completion; give it an effect in the app model (`Effect.recipes`, whose test fails until
  /// every route has one) and it becomes a state of the app.
  public static let recipeSample = RouteTable(routes: [
    Route(
      "settings", summary: "Show Settings"),
    Route(
      "profile", summary: "Show a user's profile",
      help: "Opens the profile screen of one user; without --id, the signed-in user's.",
      parameters: [
        .string(
          "id", default: currentUserID, help: "User id, or '\(currentUserID)'")
      ]),
    Route(
      "recipes", summary: "Show the recipe list",
      parameters: [
        .choice(
          "sort", RecipeSort.allCases.map(\.rawValue), default: RecipeSort.name.rawValue,
          help: "Order of the list")
      ]),
    Route(
      "recipe", summary: "Show one recipe",
      help: "Opens the detail screen of a recipe. An id the app does not know shows the "
        + "recipe's not-found state, as a real app would.",
      parameters: [.integer("id", range: 1...999_999, help: "Recipe id")]),
    Route(
      "recipe-edit", summary: "Show a recipe's editor over its detail screen",
      help: "Pushes the recipe, then its editor: two screens on the stack.",
      parameters: [
        .integer("id", range: 1...999_999, help: "Recipe id"),
        .flag("unsaved", help: "Open the editor with unsaved changes"),
      ]),
    Route(
      "login", summary: "Show Login"),
    Route(
      "login-error", summary: "Show Login with an error message",
      parameters: [
        .string("message", default: "Invalid credentials", help: "The error the login screen shows")
      ]),
    Route(
      "recipe-empty", summary: "Show the recipe list in its empty state"),
    Route(
      "recipe-error", summary: "Show the recipe list with a network error"),
    Route(
      "favorites", summary: "Show the favorite recipes"),
    Route(
      "favorites-empty", summary: "Show the favorites in their empty state"),
    Route(
      "reset", summary: "Back to the root screen, every override cleared"),
  ])
}

/// The user id that means the signed-in user: the profile route's default.
public let currentUserID = "current"

/// The orders of the recipe list: the choices of the `recipes` route's `sort`.
public enum RecipeSort: String, CaseIterable, Hashable, Sendable {
  case name, newest, rating
}
