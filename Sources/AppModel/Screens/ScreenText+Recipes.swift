import DeepLinkRoutes
import RecipeRoutes

extension ScreenText {
  func recipeList(sort: RecipeSort) -> [String] {
    var lines = ["Recipes", ""]
    if state.overrides.networkError {
      return lines + [
        "⚠ Couldn't load recipes: the network connection was lost.",
        "  [Retry]",
      ]
    }
    if state.overrides.emptyRecipeList {
      return lines + ["No recipes yet.", "  [+ Add your first recipe]"]
    }
    let sorted: [Recipe]
    switch sort {
    case .newest: sorted = data.recipes.reversed()
    case .rating:
      sorted = data.recipes.sorted { ($0.ingredients.count, $1.id) > ($1.ingredients.count, $0.id) }
    case .name: sorted = data.recipes.sorted { $0.title < $1.title }
    }
    lines.append("\(sorted.count) recipes, by \(sort.rawValue)")
    lines += sorted.prefix(Self.visibleRows).map { item("#\($0.id) \($0.title)", "\($0.minutes) min") }
    if sorted.count > Self.visibleRows {
      lines.append("  … \(sorted.count - Self.visibleRows) more below")
    }
    return lines
  }

  func favorites() -> [String] {
    var lines = ["Favorites", ""]
    let favorites = state.overrides.emptyFavorites ? [] : data.favorites
    if favorites.isEmpty {
      return lines + ["No favorites yet.", "  Tap ♡ on a recipe to keep it here."]
    }
    lines.append("\(favorites.count) favorites")
    lines += favorites.map { item("#\($0.id) \($0.title)", "\($0.minutes) min") }
    return lines
  }

  func recipeDetail(_ screen: Screen) -> [String] {
    guard let recipe = recipe(of: screen) else {
      return [
        "Recipe not found", "", "No recipe has id \(screen.recipeID.map(String.init) ?? "?").",
        "  [Back to recipes]",
      ]
    }
    let favorite = data.favoriteIDs.contains(recipe.id) ? "♥ Favorite" : "♡ Add to favorites"
    return [
      recipe.title, "",
      "Recipe #\(recipe.id) · \(recipe.minutes) min · serves \(recipe.servings)",
      favorite, "",
      "Ingredients:",
    ] + recipe.ingredients.map { "  • \($0)" } + ["", "  [Edit]"]
  }

  func recipeEditor(_ screen: Screen) -> [String] {
    guard let recipe = recipe(of: screen) else {
      return [
        "Edit Recipe", "",
        "No recipe has id \(screen.recipeID.map(String.init) ?? "?"); there is nothing to edit.",
      ]
    }
    var lines = ["Edit Recipe", ""]
    if screen.hasUnsavedChanges {
      lines += ["● Unsaved changes", ""]
    }
    return lines + [
      "Title:        [\(recipe.title)]",
      "Time (min):   [\(recipe.minutes)]",
      "Servings:     [\(recipe.servings)]",
      "Ingredients:  [\(recipe.ingredients.joined(separator: ", "))]",
      "",
      "  [Cancel]  [Save]",
    ]
  }
}
