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
