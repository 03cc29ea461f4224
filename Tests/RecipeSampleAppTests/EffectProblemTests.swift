import DeepLinkRoutes
import RecipeSampleApp
import RecipeSampleRoutes
import Testing

/// `EffectProblem.check`: the sample's effects and its route table agree, and each kind of
/// mismatch is found and described.
@Suite("Effect checks")
struct EffectProblemTests {
  @Test("every sample route has an effect and every effect a route")
  func sampleIsSound() {
    #expect(EffectProblem.check(.recipeSample, effects: Effect.recipes) == [])
    #expect(Set(Effect.recipes.keys) == Set(RouteTable.recipeSample.routes.map(\.name)))
  }

  struct ProblemCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let routes: [Route]
    let effects: [String: Effect]
    let problems: [EffectProblem]
    let descriptions: [String]

    init(
      _ description: String, _ routes: [Route], _ effects: [String: Effect], _ problems: [EffectProblem],
      _ descriptions: [String]
    ) {
      self.testDescription = description
      self.routes = routes
      self.effects = effects
      self.problems = problems
      self.descriptions = descriptions
    }
  }

  static let cases: [ProblemCase] = [
    ProblemCase(
      "a route without an effect", [Route("home", summary: "")], [:], [.missingEffect(route: "home")],
      ["route 'home' has no effect"]),
    ProblemCase(
      "an effect without a route", [Route("home", summary: "")],
      ["home": .show(.settings), "away": .show(.login)], [.effectWithoutRoute("away")],
      ["an effect is given for 'away', which is not a route of the table"]),
    ProblemCase(
      "a screen using an undeclared parameter", [Route("home", summary: "")], ["home": .show(.recipe, "id")],
      [.unknownEffectParameter(route: "home", parameter: "id")],
      ["the effect of home uses 'id', which home does not declare"]),
    ProblemCase(
      "a binding the screen does not read (a misspelt argument)",
      [Route("home", summary: "", parameters: [.integer("recipeId", help: "")])],
      ["home": .show(.recipe, "recipeId")],
      [.unknownScreenArgument(route: "home", destination: "recipe", parameter: "recipeId")],
      ["the effect of home binds 'recipeId' to the recipe screen, which reads 'id'"]),
    ProblemCase(
      "a binding to a screen that reads no argument",
      [Route("home", summary: "", parameters: [.string("tab", help: "")])], ["home": .show(.settings, "tab")],
      [.unknownScreenArgument(route: "home", destination: "settings", parameter: "tab")],
      ["the effect of home binds 'tab' to the settings screen, which reads no argument"]),
    ProblemCase(
      "a login error using an undeclared parameter",
      [Route("oops", summary: "", parameters: [.string("message", help: "")])],
      ["oops": Effect(stack: [ScreenTemplate(.login)], overrides: [.loginError(messageFrom: "msg")])],
      [.unknownEffectParameter(route: "oops", parameter: "msg")],
      ["the effect of oops uses 'msg', which oops does not declare"]),
  ]

  @Test("finds and describes each problem", arguments: cases)
  func problems(_ example: ProblemCase) {
    let problems = EffectProblem.check(RouteTable(routes: example.routes), effects: example.effects)
    #expect(problems == example.problems)
    #expect(problems.map(\.description) == example.descriptions)
  }
}
