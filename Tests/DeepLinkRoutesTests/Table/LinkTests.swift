import DeepLinkRoutes
import RecipeSampleRoutes
import Testing

/// A link's values, by name and in declaration order.
@Suite("Links")
struct LinkTests {
  @Test("looks a value up by parameter name")
  func subscriptByName() throws {
    let link = try RouteTable.recipeSample.parse("debug://recipe-edit?id=42")
    #expect(link["id"] == .integer(42))
    #expect(link["unsaved"] == .boolean(false))
    #expect(link["missing"] == nil)
  }

  @Test("lists its arguments in declaration order, defaults included")
  func arguments() throws {
    let link = try RouteTable.recipeSample.parse("debug://recipe-edit?unsaved&id=42")
    #expect(
      link.arguments == [
        Argument(name: "id", value: .integer(42)), Argument(name: "unsaved", value: .boolean(true)),
      ])
    #expect(try RouteTable.recipeSample.parse("debug://settings").arguments == [])
  }

  @Test("two links are equal when route and values are")
  func equality() throws {
    let table = RouteTable.recipeSample
    #expect(try table.parse("debug://profile") == table.parse("debug://profile?id=current"))
    #expect(try table.parse("debug://profile") != table.parse("debug://profile?id=Current"))
    #expect(try table.parse("debug://recipe?id=1") != table.parse("debug://recipe-edit?id=1"))
  }
}
