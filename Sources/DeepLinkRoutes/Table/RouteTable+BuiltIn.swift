extension RouteTable {
  /// The sample recipe app's links: every route of the seed, plus favorites.
  ///
  /// Add a route here and it becomes a URL, a `deeplink` subcommand with help and
  /// completion, and a state of the app model, with no other edit.
  public static let builtIn = RouteTable(routes: [
    Route(
      "settings", summary: "Show Settings",
      effect: .show(.settings)),
    Route(
      "profile", summary: "Show a user's profile",
      help: "Opens the profile screen of one user; without --id, the signed-in user's.",
      parameters: [
        .string(
          "id", default: Screen.currentUserID, help: "User id, or '\(Screen.currentUserID)'")
      ],
      effect: .show(.profile, "id")),
    Route(
      "recipes", summary: "Show the recipe list",
      parameters: [
        .choice(
          "sort", RecipeSort.allCases.map(\.rawValue), default: RecipeSort.name.rawValue,
          help: "Order of the list")
      ],
      effect: .show(.recipes, "sort")),
    Route(
      "recipe", summary: "Show one recipe",
      help: "Opens the detail screen of a recipe. An id the app does not know shows the "
        + "recipe's not-found state, as a real app would.",
      parameters: [.integer("id", range: 1...999_999, help: "Recipe id")],
      effect: .show(.recipe, "id")),
    Route(
      "recipe-edit", summary: "Show a recipe's editor over its detail screen",
      help: "Pushes the recipe, then its editor: two screens on the stack.",
      parameters: [
        .integer("id", range: 1...999_999, help: "Recipe id"),
        .flag("unsaved", help: "Open the editor with unsaved changes"),
      ],
      effect: Effect(stack: [
        ScreenTemplate(.recipe, ["id"]), ScreenTemplate(.recipeEdit, ["id", "unsaved"]),
      ])),
    Route(
      "login", summary: "Show Login",
      effect: .show(.login)),
    Route(
      "login-error", summary: "Show Login with an error message",
      parameters: [
        .string("message", default: "Invalid credentials", help: "The error the login screen shows")
      ],
      effect: Effect(stack: [ScreenTemplate(.login)], overrides: [.loginError(messageFrom: "message")])),
    Route(
      "recipe-empty", summary: "Show the recipe list in its empty state",
      effect: Effect(stack: [ScreenTemplate(.recipes)], overrides: [.emptyRecipeList])),
    Route(
      "recipe-error", summary: "Show the recipe list with a network error",
      effect: Effect(stack: [ScreenTemplate(.recipes)], overrides: [.networkError])),
    Route(
      "favorites", summary: "Show the favorite recipes",
      effect: .show(.favorites)),
    Route(
      "favorites-empty", summary: "Show the favorites in their empty state",
      effect: Effect(stack: [ScreenTemplate(.favorites)], overrides: [.emptyFavorites])),
    Route(
      "reset", summary: "Back to the root screen, every override cleared",
      effect: Effect(stack: [])),
  ])
}
