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
