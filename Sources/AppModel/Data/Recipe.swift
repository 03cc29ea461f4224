/// A recipe of the sample app's data set.
package struct Recipe: Hashable, Sendable {
  package let id: Int
  package let title: String
  package let minutes: Int
  package let servings: Int
  package let ingredients: [String]

  package init(id: Int, title: String, minutes: Int, servings: Int, ingredients: [String]) {
    self.id = id
    self.title = title
    self.minutes = minutes
    self.servings = servings
    self.ingredients = ingredients
  }
}

/// A user of the sample app's data set.
package struct User: Hashable, Sendable {
  package let id: String
  package let name: String
  package let email: String
  /// Recipes this user wrote.
  package let recipeCount: Int

  package init(id: String, name: String, email: String, recipeCount: Int) {
    self.id = id
    self.name = name
    self.email = email
    self.recipeCount = recipeCount
  }
}
