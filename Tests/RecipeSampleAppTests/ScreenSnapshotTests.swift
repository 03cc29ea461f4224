import DeepLinkRoutes
import RecipeSampleApp
import RecipeSampleRoutes
import TestSupport
import Testing

/// Every route's screen, as the app model draws it, kept in golden files.
@Suite struct ScreenSnapshotTests {
  /// One link per route of the built-in table (with its required arguments), plus the
  /// states worth seeing on their own: not found, custom messages, sort orders.
  static let links: [(name: String, url: String)] = [
    ("root", "debug://reset"),
    ("settings", "debug://settings"),
    ("profile-current", "debug://profile"),
    ("profile-123", "debug://profile?id=123"),
    ("profile-unknown", "debug://profile?id=nobody"),
    ("profile-alan", "debug://profile?id=alan"),
    ("recipes", "debug://recipes"),
    ("recipes-newest", "debug://recipes?sort=newest"),
    ("recipes-rating", "debug://recipes?sort=rating"),
    ("recipe-42", "debug://recipe?id=42"),
    ("recipe-9999", "debug://recipe?id=9999"),
    ("recipe-16", "debug://recipe?id=16"),
    ("recipe-7", "debug://recipe?id=7"),
    ("recipe-edit-42", "debug://recipe-edit?id=42"),
    ("recipe-edit-42-unsaved", "debug://recipe-edit?id=42&unsaved=true"),
    ("recipe-edit-9999", "debug://recipe-edit?id=9999"),
    ("recipe-edit-16-unsaved", "debug://recipe-edit?id=16&unsaved"),
    ("login", "debug://login"),
    ("login-error", "debug://login-error"),
    ("login-error-custom", "debug://login-error?message=Account%20locked%20%E2%80%94%20try%20later"),
    ("login-error-empty", "debug://login-error?message="),
    ("recipe-empty", "debug://recipe-empty"),
    ("recipe-error", "debug://recipe-error"),
    ("favorites", "debug://favorites"),
    ("favorites-empty", "debug://favorites-empty"),
  ]

  @Test(arguments: links.map(\.name))
  func screenMatchesGolden(_ name: String) throws {
    let url = try #require(Self.links.first(where: { $0.name == name })).url
    var app = AppModel()
    app.apply(try RouteTable.recipeSample.parse(url))
    Golden.check(app.screen, named: "\(name).txt")
  }

  @Test func everyRouteHasASnapshot() throws {
    let covered = try Set(Self.links.map { try RouteTable.recipeSample.parse($0.url).route.name })
    #expect(covered == Set(RouteTable.recipeSample.routes.map(\.name)))
  }
}
