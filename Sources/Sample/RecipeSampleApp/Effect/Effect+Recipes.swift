extension Effect {
  /// What each route of the sample's table (`RouteTable.recipeSample`) does to the app, by route
  /// name. The route table declares the links; this says what they mean to this one app.
  /// `EffectProblem.check` (and a test) proves every route has an effect and every effect a
  /// route.
  public static let recipes: [String: Effect] = [
    "settings": .show(.settings),
    "profile": .show(.profile, "id"),
    "recipes": .show(.recipes, "sort"),
    "recipe": .show(.recipe, "id"),
    "recipe-edit": Effect(stack: [
      ScreenTemplate(.recipe, ["id"]), ScreenTemplate(.recipeEdit, ["id", "unsaved"]),
    ]),
    "login": .show(.login),
    "login-error": Effect(stack: [ScreenTemplate(.login)], overrides: [.loginError(messageFrom: "message")]),
    "recipe-empty": Effect(stack: [ScreenTemplate(.recipes)], overrides: [.emptyRecipeList]),
    "recipe-error": Effect(stack: [ScreenTemplate(.recipes)], overrides: [.networkError]),
    "favorites": .show(.favorites),
    "favorites-empty": Effect(stack: [ScreenTemplate(.favorites)], overrides: [.emptyFavorites]),
    "reset": Effect(stack: []),
  ]
}
