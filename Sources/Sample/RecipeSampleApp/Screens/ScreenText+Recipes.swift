import DeepLinkRoutes
import RecipeSampleRoutes

extension ScreenText {
  func appendRecipeList(sort: RecipeSort, to text: inout String) {
    text.append("Recipes\n\n")
    if state.overrides.networkError {
      return text.append("⚠ Couldn't load recipes: the network connection was lost.\n  [Retry]\n")
    }
    if state.overrides.emptyRecipeList {
      return text.append("No recipes yet.\n  [+ Add your first recipe]\n")
    }
    let sorted = data.recipes(sortedBy: sort)
    text.append(sorted.count)
    text.append(" recipes, by ")
    text.append(contentsOf: sort.rawValue)
    text.append("\n")
    for recipe in sorted.prefix(Self.visibleRows) { appendItem(recipe, to: &text) }
    if sorted.count > Self.visibleRows {
      text.append("  … ")
      text.append(sorted.count - Self.visibleRows)
      text.append(" more below\n")
    }
  }

  func appendFavorites(to text: inout String) {
    text.append("Favorites\n\n")
    let favorites = state.overrides.emptyFavorites ? [] : data.favorites
    if favorites.isEmpty {
      return text.append("No favorites yet.\n  Tap ♡ on a recipe to keep it here.\n")
    }
    text.append(favorites.count)
    text.append(" favorites\n")
    for recipe in favorites { appendItem(recipe, to: &text) }
  }

  func appendRecipeDetail(_ screen: Screen, to text: inout String) {
    guard let recipe = recipe(of: screen) else {
      text.append("Recipe not found\n\nNo recipe has id ")
      appendRecipeID(of: screen, to: &text)
      text.append(".\n  [Back to recipes]\n")
      return
    }
    text.append(contentsOf: recipe.title)
    text.append("\n\nRecipe #")
    text.append(recipe.id)
    text.append(" · ")
    text.append(recipe.minutes)
    text.append(" min · serves ")
    text.append(recipe.servings)
    text.append(
      data.favoriteIDs.contains(recipe.id)
        ? "\n♥ Favorite\n\nIngredients:\n" : "\n♡ Add to favorites\n\nIngredients:\n")
    for ingredient in recipe.ingredients {
      text.append("  • ")
      text.append(contentsOf: ingredient)
      text.append("\n")
    }
    text.append("\n  [Edit]\n")
  }

  func appendRecipeEditor(_ screen: Screen, to text: inout String) {
    text.append("Edit Recipe\n\n")
    guard let recipe = recipe(of: screen) else {
      text.append("No recipe has id ")
      appendRecipeID(of: screen, to: &text)
      text.append("; there is nothing to edit.\n")
      return
    }
    if screen.hasUnsavedChanges { text.append("● Unsaved changes\n\n") }
    text.append("Title:        [")
    text.append(contentsOf: recipe.title)
    text.append("]\nTime (min):   [")
    text.append(recipe.minutes)
    text.append("]\nServings:     [")
    text.append(recipe.servings)
    text.append("]\nIngredients:  [")
    for (position, ingredient) in recipe.ingredients.enumerated() {
      if position > 0 { text.append(", ") }
      text.append(contentsOf: ingredient)
    }
    text.append("]\n\n  [Cancel]  [Save]\n")
  }
}
