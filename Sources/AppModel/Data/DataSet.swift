import DeepLinkRoutes

/// The data an app model shows: recipes, users, the signed-in user and their favorites.
package struct DataSet: Hashable, Sendable {
  /// Recipes in id order.
  package let recipes: [Recipe]
  package let users: [User]
  /// The user `profile` shows without an id (`id=current`).
  package let currentUserID: String
  /// Recipe ids the current user marked as favorites, in the order they were added.
  package let favoriteIDs: [Int]
  private let recipeIndex: [Int: Int]

  package init(recipes: [Recipe], users: [User], currentUserID: String, favoriteIDs: [Int]) {
    self.recipes = recipes.sorted { $0.id < $1.id }
    self.users = users
    self.currentUserID = currentUserID
    self.favoriteIDs = favoriteIDs
    var index: [Int: Int] = [:]
    for (position, recipe) in self.recipes.enumerated() { index[recipe.id] = position }
    self.recipeIndex = index
  }

  package func recipe(id: Int) -> Recipe? {
    recipeIndex[id].map { recipes[$0] }
  }

  /// The user with `id`; ``Screen/currentUserID`` names the signed-in user.
  package func user(id: String) -> User? {
    let wanted = id == Screen.currentUserID ? currentUserID : id
    return users.first(where: { $0.id == wanted })
  }

  package var favorites: [Recipe] {
    favoriteIDs.compactMap { recipe(id: $0) }
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
