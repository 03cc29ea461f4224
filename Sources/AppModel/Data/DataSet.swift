import DeepLinkRoutes
import RecipeRoutes

/// The data an app model shows: recipes, users, the signed-in user and their favorites.
///
/// Its values live in one immutable object that every copy shares: the agent copies the app
/// model for each link it applies, and a copy retains that object once, not each array and
/// string of the data (about 1,000 instructions a link, for each copy and its release).
package struct DataSet: Hashable, Sendable {
  private let storage: Storage

  /// Recipes in id order.
  package var recipes: [Recipe] { storage.recipes }
  package var users: [User] { storage.users }
  /// The user `profile` shows without an id (`id=current`).
  package var currentUserID: String { storage.currentUserID }
  /// Recipe ids the current user marked as favorites, in the order they were added.
  package var favoriteIDs: [Int] { storage.favoriteIDs }
  /// The favorites that exist, in the order they were added.
  package var favorites: [Recipe] { storage.favorites }

  package init(recipes: [Recipe], users: [User], currentUserID: String, favoriteIDs: [Int]) {
    storage = Storage(recipes: recipes, users: users, currentUserID: currentUserID, favoriteIDs: favoriteIDs)
  }

  package func recipe(id: Int) -> Recipe? {
    guard let positions = storage.positionByID else {
      return storage.recipeIndex[id].map { storage.recipes[$0] }
    }
    guard positions.indices.contains(id), case let position = positions[id], position >= 0 else { return nil }
    return storage.recipes[position]
  }

  /// The user with `id`; ``Screen/currentUserID`` names the signed-in user.
  package func user(id: String) -> User? {
    let wanted = id == Screen.currentUserID ? storage.currentUserID : id
    return storage.users.first(where: { $0.id == wanted })
  }

  /// The recipes in the list's order `sort`: by title, newest (highest id) first, or by
  /// rating.
  func recipes(sortedBy sort: RecipeSort) -> [Recipe] {
    switch sort {
    case .name: storage.recipesByName
    case .newest: storage.recipesNewestFirst
    case .rating: storage.recipesByRating
    }
  }

  package static func == (lhs: DataSet, rhs: DataSet) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.recipes == rhs.recipes && lhs.users == rhs.users && lhs.currentUserID == rhs.currentUserID
        && lhs.favoriteIDs == rhs.favoriteIDs)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(recipes)
    hasher.combine(users)
  }

  /// The data, and what is worked out from it once.
  private final class Storage: Sendable {
    let recipes: [Recipe]
    let users: [User]
    let currentUserID: String
    let favoriteIDs: [Int]
    let favorites: [Recipe]
    /// Each recipe's position in ``recipes``, by id.
    let recipeIndex: [Int: Int]
    /// The same, indexed by id (-1 for none), when the ids are small and close enough together
    /// (as the sample's are) for an array: no hashing for each recipe screen.
    let positionByID: [Int]?
    /// ``recipes`` by title, newest first, and by ingredient count (most first, then id): the
    /// list's orders, sorted once rather than on every render of the list.
    let recipesByName: [Recipe]
    let recipesNewestFirst: [Recipe]
    let recipesByRating: [Recipe]

    init(recipes: [Recipe], users: [User], currentUserID: String, favoriteIDs: [Int]) {
      let recipes = recipes.sorted { $0.id < $1.id }
      self.recipes = recipes
      self.users = users
      self.currentUserID = currentUserID
      self.favoriteIDs = favoriteIDs
      var index: [Int: Int] = [:]
      for (position, recipe) in recipes.enumerated() { index[recipe.id] = position }
      self.recipeIndex = index
      if let first = recipes.first, let last = recipes.last, first.id >= 0, last.id < 4 * recipes.count + 64 {
        var positions = Array(repeating: -1, count: last.id + 1)
        for (id, position) in index { positions[id] = position }
        self.positionByID = positions
      } else {
        self.positionByID = nil
      }
      self.favorites = favoriteIDs.compactMap { index[$0].map { recipes[$0] } }
      self.recipesByName = recipes.sorted { $0.title < $1.title }
      self.recipesNewestFirst = recipes.reversed()
      self.recipesByRating = recipes.sorted {
        ($0.ingredients.count, $1.id) > ($1.ingredients.count, $0.id)
      }
    }
  }
}
