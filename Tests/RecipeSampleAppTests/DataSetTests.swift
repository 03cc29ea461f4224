import RecipeSampleApp
import Testing

/// `DataSet.recipe(id:)` finds each recipe by id, whether the ids are few and close together
/// or spread far apart, and nothing for an id no recipe has.
@Suite struct DataSetTests {
  static func recipes(_ ids: [Int]) -> DataSet {
    DataSet(
      recipes: ids.map { Recipe(id: $0, title: "Recipe \($0)", minutes: 1, servings: 1, ingredients: []) },
      users: [], currentUserID: "1", favoriteIDs: [])
  }

  @Test(arguments: [[1, 2, 3, 5, 8], [0, 40, 3], [7, 1_000_000, 2], [-3, 4, 9], [Int.max, 1], [12]])
  func aRecipeIsFoundByItsIDAndOnlyByIt(_ ids: [Int]) {
    let data = Self.recipes(ids)
    for id in ids { #expect(data.recipe(id: id)?.title == "Recipe \(id)") }
    for missing in [-1, 4, 6, 41, 999_999, Int.min, Int.max - 1] where !ids.contains(missing) {
      #expect(data.recipe(id: missing) == nil, "\(missing)")
    }
    #expect(data.recipes.map(\.id) == ids.sorted())
  }
}
