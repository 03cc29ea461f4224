import DeepLinkRoutes
import RecipeSampleApp
import Testing

/// What the golden screens cannot show: screens longer than the memory the renderer starts
/// with, and numbers at the ends of `Int`'s range, come out whole and as Swift writes them.
@Suite struct ScreenTextTests {
  /// The line under every breadcrumb.
  static let rule = String(repeating: "─", count: 48)

  /// A text of `count` characters, ASCII and not, that ends in a multi-byte one.
  static func longText(_ count: Int) -> String {
    String((0..<count).map { ["a", "é", "—", " ", "☃"][$0 % 5] })
  }

  @Test(arguments: [0, 1, 900, 1_000, 5_000, 70_000])
  func aLoginErrorOfAnyLengthIsShownWhole(_ length: Int) {
    let message = Self.longText(length)
    let app = AppModel(
      navigation: NavigationState(path: [Screen(.login)], overrides: Overrides(loginError: message)))
    let expected = [
      "Home › Login", Self.rule, "Login", "", "⚠ \(message)", "",
      "  Email      [                    ]", "  Password   [                    ]", "",
      "  [Sign In]   Forgot password?",
    ].map { $0 + "\n" }.joined()
    #expect(Array(app.screen.utf8) == Array(expected.utf8))
  }

  @Test func aBreadcrumbLongerThanTheRenderersMemoryIsWhole() {
    let title = Self.longText(3_000)
    let data = DataSet(
      recipes: [Recipe(id: 5, title: title, minutes: 1, servings: 1, ingredients: ["salt"])], users: [],
      currentUserID: "1", favoriteIDs: [])
    let app = AppModel(
      data: data,
      navigation: NavigationState(path: [
        Screen(.recipe, [("id", .integer(5))]), Screen(.recipeEdit, [("id", .integer(5))]),
      ]))
    #expect(app.breadcrumb == "Home › \(title) › Edit")
    #expect(
      app.screen.hasPrefix("Home › \(title) › Edit\n\(Self.rule)\nEdit Recipe\n\nTitle:        [\(title)]\n"))
  }

  @Test func numbersAreWrittenAsSwiftWritesThem() {
    let numbers = [0, 7, -7, 10, 99, 100, -100, 1_000_000, Int.max, Int.min, Int.min + 1]
    let recipes = numbers.enumerated().map {
      Recipe(id: $0.offset, title: "R\($0.offset)", minutes: $0.element, servings: 1, ingredients: [])
    }
    let app = AppModel(
      data: DataSet(recipes: recipes, users: [], currentUserID: "1", favoriteIDs: []),
      navigation: NavigationState(path: [Screen(.recipes, [("sort", .string("name"))])]))
    let lines = app.screen.split(separator: "\n").map(String.init)
    for (id, minutes) in numbers.enumerated().prefix(12) {
      #expect(lines.contains("  • #\(id) R\(id)  (\(String(minutes)) min)"))
    }
  }
}
