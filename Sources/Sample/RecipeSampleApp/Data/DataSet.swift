import DeepLinkRoutes
import RecipeSampleRoutes

/// The data an app model shows: recipes, users, the signed-in user and their favorites.
package struct DataSet: Hashable, Sendable {
  /// Recipes in id order.
  package let recipes: [Recipe]
  package let users: [User]
  /// The user `profile` shows without an id (`id=current`).
  package let currentUserID: String
  /// Recipe ids the current user marked as favorites, in the order they were added.
  package let favoriteIDs: [Int]

  package init(recipes: [Recipe], users: [User], currentUserID: String, favoriteIDs: [Int]) {
    self.recipes = recipes.sorted { $0.id < $1.id }
    self.users = users
    self.currentUserID = currentUserID
    self.favoriteIDs = favoriteIDs
  }

  /// The favorites that exist, in the order they were added.
  package var favorites: [Recipe] { favoriteIDs.compactMap { recipe(id: $0) } }

  package func recipe(id: Int) -> Recipe? {
    recipes.first { $0.id == id }
  }

  /// The user with `id`; ``Screen/currentUserID`` names the signed-in user.
  package func user(id: String) -> User? {
    let wanted = id == Screen.currentUserID ? currentUserID : id
    return users.first { $0.id == wanted }
  }

  /// The recipes in the list's order `sort`: by title, newest (highest id) first, or by
  /// rating (most ingredients first, then the lower id).
  func recipes(sortedBy sort: RecipeSort) -> [Recipe] {
    switch sort {
    case .name: recipes.sorted { $0.title < $1.title }
    case .newest: recipes.reversed()
    case .rating: recipes.sorted { ($0.ingredients.count, $1.id) > ($1.ingredients.count, $0.id) }
    }
  }
}
