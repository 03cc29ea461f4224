import DeepLinkRoutes
import RecipeRoutes

/// The data an app model shows: recipes, users, the signed-in user and their favorites.
package struct DataSet: Hashable, Sendable {
  /// Recipes in id order.
  package let recipes: [Recipe]
  package let users: [User]
  /// The user `profile` shows without an id (`id=current`).
  package let currentUserID: String
  /// Recipe ids the current user marked as favorites, in the order they were added.
  package let favoriteIDs: [Int]
  /// The favorites that exist, in the order they were added.
  package let favorites: [Recipe]
  private let recipeIndex: [Int: Int]
  /// ``recipes`` by title, newest first, and by ingredient count (most first, then id): the
  /// list's orders, sorted once rather than on every render of the list.
  private let recipesByName: [Recipe]
  private let recipesNewestFirst: [Recipe]
  private let recipesByRating: [Recipe]

  package init(recipes: [Recipe], users: [User], currentUserID: String, favoriteIDs: [Int]) {
    let recipes = recipes.sorted { $0.id < $1.id }
    self.recipes = recipes
    self.users = users
    self.currentUserID = currentUserID
    self.favoriteIDs = favoriteIDs
    var index: [Int: Int] = [:]
    for (position, recipe) in recipes.enumerated() { index[recipe.id] = position }
    self.recipeIndex = index
    self.favorites = favoriteIDs.compactMap { index[$0].map { recipes[$0] } }
    self.recipesByName = recipes.sorted { $0.title < $1.title }
    self.recipesNewestFirst = recipes.reversed()
    self.recipesByRating = recipes.sorted {
      ($0.ingredients.count, $1.id) > ($1.ingredients.count, $0.id)
    }
  }

  package func recipe(id: Int) -> Recipe? {
    recipeIndex[id].map { recipes[$0] }
  }

  /// The user with `id`; ``Screen/currentUserID`` names the signed-in user.
  package func user(id: String) -> User? {
    let wanted = id == Screen.currentUserID ? currentUserID : id
    return users.first(where: { $0.id == wanted })
  }

  /// The recipes in the list's order `sort`: by title, newest (highest id) first, or by
  /// rating.
  func recipes(sortedBy sort: RecipeSort) -> [Recipe] {
    switch sort {
    case .name: recipesByName
    case .newest: recipesNewestFirst
    case .rating: recipesByRating
    }
  }

  package static func == (lhs: DataSet, rhs: DataSet) -> Bool {
    lhs.recipes == rhs.recipes && lhs.users == rhs.users && lhs.currentUserID == rhs.currentUserID
      && lhs.favoriteIDs == rhs.favoriteIDs
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(recipes)
    hasher.combine(users)
  }
}
