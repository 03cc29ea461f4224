/// A recipe of the sample app's data set.
public struct Recipe: Hashable, Sendable {
  public let id: Int
  public let title: String
  public let minutes: Int
  public let servings: Int
  public let ingredients: [String]

  public init(id: Int, title: String, minutes: Int, servings: Int, ingredients: [String]) {
    self.id = id
    self.title = title
    self.minutes = minutes
    self.servings = servings
    self.ingredients = ingredients
  }
}

/// A user of the sample app's data set.
public struct User: Hashable, Sendable {
  public let id: String
  public let name: String
  public let email: String
  /// Recipes this user wrote.
  public let recipeCount: Int

  public init(id: String, name: String, email: String, recipeCount: Int) {
    self.id = id
    self.name = name
    self.email = email
    self.recipeCount = recipeCount
  }
}
