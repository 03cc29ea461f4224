import DeepLinkRoutes
import RecipeSampleApp
import RecipeSampleRoutes
import Testing

@Suite struct AppModelTests {
  let table = RouteTable.recipeSample

  func state(after urls: String...) throws -> NavigationState {
    var app = AppModel()
    for url in urls { app.apply(try table.parse(url)) }
    return app.navigation
  }

  @Test func startsAtTheRootWithNoOverride() {
    #expect(AppModel().navigation == .root)
    #expect(AppModel().screen.hasPrefix("Home\n"))
  }

  /// The screen is drawn when the state changes, and a link to the state already shown keeps
  /// it: whatever came before, the screen after a link is the one that link draws.
  @Test func theScreenAfterALinkIsTheOneItDrawsWhateverCameBefore() throws {
    let urls = [
      "debug://recipe?id=7", "debug://recipe?id=7", "debug://settings",
      "debug://login-error?message=caf\u{E9}",
      "debug://login-error?message=cafe\u{301}", "debug://login-error?message=cafe\u{301}",
      "debug://recipe?id=7",
    ]
    var app = AppModel()
    for url in urls {
      app.apply(try table.parse(url))
      var alone = AppModel()
      alone.apply(try table.parse(url))
      #expect(Array(app.screen.utf8) == Array(alone.screen.utf8), "\(url)")
    }
  }

  @Test func recipeEditShowsTheRecipeWithItsEditorOnTop() throws {
    let path = try state(after: "debug://recipe-edit?id=42").path
    #expect(
      path == [
        Screen(.recipe, [("id", .integer(42))]),
        Screen(.recipeEdit, [("id", .integer(42)), ("unsaved", .boolean(false))]),
      ])
  }

  /// A link describes a whole state: whatever came before, the same link gives the same state.
  @Test(arguments: RouteTable.recipeSample.routes.map(\.name))
  func aLinkGivesTheSameStateWhateverCameBefore(_ name: String) throws {
    let url = name == "recipe" || name == "recipe-edit" ? "debug://\(name)?id=7" : "debug://\(name)"
    let alone = try state(after: url)
    for before in [
      "debug://recipe-error", "debug://login-error?message=x", "debug://favorites-empty",
      "debug://recipe-edit?id=3&unsaved", "debug://recipe-empty",
    ] {
      #expect(try state(after: before, url) == alone, "\(before) then \(url)")
    }
  }

  @Test func overridesDoNotLeakIntoTheNextLink() throws {
    #expect(try state(after: "debug://recipe-error", "debug://recipes").overrides == .none)
    #expect(try state(after: "debug://login-error", "debug://login").overrides.loginError == nil)
    #expect(try state(after: "debug://recipe-empty", "debug://settings", "debug://reset") == .root)
  }

  @Test func loginErrorCarriesItsMessage() throws {
    #expect(try state(after: "debug://login-error").overrides.loginError == "Invalid credentials")
    #expect(try state(after: "debug://login-error?message=Locked").overrides.loginError == "Locked")
  }

  @Test func aRecipeThatDoesNotExistShowsNotFoundRatherThanFailing() throws {
    var app = AppModel()
    app.apply(try table.parse("debug://recipe?id=9999"))
    #expect(app.navigation.path == [Screen(.recipe, [("id", .integer(9999))])])
    #expect(app.screen.contains("No recipe has id 9999."))
  }

  @Test func suggestionsFollowTheRouteEffect() throws {
    let app = AppModel()
    let recipe = try #require(table.route(named: "recipe"))
    let ids = app.suggestions(for: recipe, parameter: "id")
    #expect(ids.count == DataSet.sample.recipes.count)
    #expect(ids.first?.value == "1" && ids.first?.description == "Shakshuka")
    let edit = try #require(table.route(named: "recipe-edit"))
    #expect(app.suggestions(for: edit, parameter: "id").map(\.value) == ids.map(\.value))
    let profile = try #require(table.route(named: "profile"))
    #expect(
      app.suggestions(for: profile, parameter: "id").map(\.value) == ["current", "1", "7", "123", "alan"])
    #expect(app.suggestions(for: edit, parameter: "unsaved").isEmpty)
    #expect(app.suggestions(for: try #require(table.route(named: "settings")), parameter: "id").isEmpty)
  }

  @Test func recipesSortByTheChosenOrder() throws {
    var app = AppModel()
    app.apply(try table.parse("debug://recipes?sort=newest"))
    let lines = app.screen.split(separator: "\n")
    #expect(lines.contains("37 recipes, by newest"))
    #expect(lines.first(where: { $0.hasPrefix("  • ") })?.contains("#42 Spaghetti Bolognese") == true)
  }
}
