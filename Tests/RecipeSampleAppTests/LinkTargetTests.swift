import DeepLinkRoutes
import RecipeSampleApp
import RecipeSampleRoutes
import Testing

/// `Link.target`: the whole state each built-in link describes, whatever came before it.
@Suite("Link targets")
struct LinkTargetTests {
  struct TargetCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let url: String
    let state: NavigationState

    init(_ url: String, _ path: [Screen], _ overrides: Overrides = .none) {
      self.testDescription = url
      self.url = url
      self.state = NavigationState(path: path, overrides: overrides)
    }
  }

  static let cases: [TargetCase] = [
    TargetCase("debug://settings", [Screen(.settings)]),
    TargetCase("debug://profile", [Screen(.profile, [("id", .string("current"))])]),
    TargetCase("debug://profile?id=123", [Screen(.profile, [("id", .string("123"))])]),
    TargetCase("debug://recipes", [Screen(.recipes, [("sort", .string("name"))])]),
    TargetCase("debug://recipes?sort=newest", [Screen(.recipes, [("sort", .string("newest"))])]),
    TargetCase("debug://recipe?id=42", [Screen(.recipe, [("id", .integer(42))])]),
    TargetCase(
      "debug://recipe-edit?id=42",
      [
        Screen(.recipe, [("id", .integer(42))]),
        Screen(.recipeEdit, [("id", .integer(42)), ("unsaved", .boolean(false))]),
      ]),
    TargetCase(
      "debug://recipe-edit?id=7&unsaved",
      [
        Screen(.recipe, [("id", .integer(7))]),
        Screen(.recipeEdit, [("id", .integer(7)), ("unsaved", .boolean(true))]),
      ]),
    TargetCase("debug://login", [Screen(.login)]),
    TargetCase("debug://login-error", [Screen(.login)], Overrides(loginError: "Invalid credentials")),
    TargetCase(
      "debug://login-error?message=Account%20locked", [Screen(.login)],
      Overrides(loginError: "Account locked")),
    TargetCase("debug://login-error?message=", [Screen(.login)], Overrides(loginError: "")),
    TargetCase("debug://recipe-empty", [Screen(.recipes)], Overrides(emptyRecipeList: true)),
    TargetCase("debug://recipe-error", [Screen(.recipes)], Overrides(networkError: true)),
    TargetCase("debug://favorites", [Screen(.favorites)]),
    TargetCase("debug://favorites-empty", [Screen(.favorites)], Overrides(emptyFavorites: true)),
    TargetCase("debug://reset", []),
  ]

  @Test("each link describes its whole state", arguments: cases)
  func target(_ example: TargetCase) throws {
    #expect(try RouteTable.recipeSample.parse(example.url).target == example.state)
  }

  @Test("the cases cover every built-in route")
  func coversTheRecipeSample() throws {
    let routes = try Self.cases.map { try RouteTable.recipeSample.parse($0.url).route.name }
    #expect(Set(routes) == Set(RouteTable.recipeSample.routes.map(\.name)))
  }

  @Test("recipe-edit stacks the recipe, then its editor")
  func recipeEdit() throws {
    let path = try RouteTable.recipeSample.parse("debug://recipe-edit?id=42").target.path
    #expect(path.map(\.destination) == [.recipe, .recipeEdit])
    #expect(path.map { $0["id"] } == [.integer(42), .integer(42)])
  }

  @Test("reset is the root screen with no override")
  func reset() throws {
    let state = try RouteTable.recipeSample.parse("debug://reset").target
    #expect(state == .root)
    #expect(state.path.isEmpty)
    #expect(state.overrides.isEmpty)
  }

  @Test("the same link always gives the same state")
  func deterministic() throws {
    let table = RouteTable.recipeSample
    for example in Self.cases {
      let link = try table.parse(example.url)
      #expect(link.target == example.state, "\(example.url)")
      #expect(link.target == example.state, "\(example.url), asked again")
      #expect(try table.parse(example.url).target == example.state, "\(example.url), parsed again")
      #expect(
        try table.parse(table.url(for: link)).target == example.state, "\(example.url), printed and parsed")
    }
  }

  @Test(
    "a link's state does not depend on the link before it",
    arguments: cases.map(\.url), ["debug://recipe-error", "debug://login-error", "debug://favorites-empty"])
  func independent(_ url: String, _ before: String) throws {
    let table = RouteTable.recipeSample
    let alone = try table.parse(url).target
    _ = try table.parse(before).target
    #expect(try table.parse(url).target == alone)
  }

  @Test("only override links set overrides")
  func overridesOnlyWhereDeclared() throws {
    let table = RouteTable.recipeSample
    #expect(try table.parse("debug://recipe-error").target.overrides == Overrides(networkError: true))
    #expect(try table.parse("debug://settings").target.overrides.isEmpty)
    #expect(try table.parse("debug://recipes").target.overrides.isEmpty)
    #expect(try table.parse("debug://login").target.overrides.loginError == nil)
  }

  @Test("a screen's argument is looked up by name")
  func screenSubscript() {
    let screen = Screen(.recipe, [("id", .integer(42))])
    #expect(screen["id"] == .integer(42))
    #expect(screen["sort"] == nil)
    #expect(screen.arguments == [Argument(name: "id", value: .integer(42))])
  }

  @Test("every destination has its JSON name", arguments: Destination.allCases)
  func destinationNames(_ destination: Destination) {
    #expect(destination.name == destination.rawValue)
    #expect(Destination(rawValue: destination.name) == destination)
    #expect(
      !RouteTable(routes: [Route(destination.name, summary: "A screen")]).problems.contains(
        .invalidRouteName(destination.name)))
  }
}
