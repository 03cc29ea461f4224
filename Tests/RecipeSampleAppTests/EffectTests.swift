import DeepLinkRoutes
import RecipeSampleApp
import Testing

/// Effects are data: the stack a route shows and the overrides it sets.
@Suite("Effects")
struct EffectTests {
  @Test("show(_:_:) is one screen and no override")
  func show() {
    #expect(Effect.show(.recipe, "id") == Effect(stack: [ScreenTemplate(.recipe, ["id"])], overrides: []))
    #expect(Effect.show(.settings) == Effect(stack: [ScreenTemplate(.settings)]))
  }

  @Test("no override is the empty set of overrides")
  func noOverride() {
    #expect(Overrides.none.isEmpty)
    #expect(!Overrides(emptyRecipeList: true).isEmpty)
    #expect(!Overrides(networkError: true).isEmpty)
    #expect(!Overrides(emptyFavorites: true).isEmpty)
    #expect(!Overrides(loginError: "").isEmpty)
  }

  @Test("the root state is an empty stack with no override")
  func root() {
    #expect(NavigationState.root == NavigationState(path: [], overrides: .none))
  }

  @Test("a login-error effect takes its message from the named parameter")
  func loginErrorFromParameter() throws {
    let table = RouteTable(routes: [
      Route("locked", summary: "Locked out", parameters: [.string("text", default: "Locked", help: "")])
    ])
    let effects = [
      "locked": Effect(stack: [ScreenTemplate(.login)], overrides: [.loginError(messageFrom: "text")])
    ]
    #expect(try table.parse("debug://locked").target(in: effects).overrides.loginError == "Locked")
    #expect(
      try table.parse("debug://locked?text=Try%20later").target(in: effects).overrides.loginError
        == "Try later")
  }

  @Test("several overrides at once")
  func severalOverrides() throws {
    let table = RouteTable(routes: [Route("worst-day", summary: "Everything fails")])
    let effects = [
      "worst-day": Effect(
        stack: [ScreenTemplate(.recipes)], overrides: [.emptyRecipeList, .networkError, .emptyFavorites])
    ]
    #expect(
      try table.parse("debug://worst-day").target(in: effects).overrides
        == Overrides(emptyRecipeList: true, networkError: true, emptyFavorites: true))
  }

  @Test("a route without an effect shows the root: the state of no effect")
  func routeWithoutEffect() throws {
    let table = RouteTable(routes: [Route("lost", summary: "No effect")])
    #expect(try table.parse("debug://lost").target(in: [:]) == .root)
  }
}
