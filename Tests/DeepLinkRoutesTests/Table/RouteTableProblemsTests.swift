import DeepLinkRoutes
import RecipeSampleRoutes
import Testing

/// `RouteTable.problems`: the built-in table is sound, and each kind of bad declaration is
/// found and described.
@Suite("Route table checks")
struct RouteTableProblemsTests {
  @Test("the built-in table has no problem")
  func recipeSampleIsSound() {
    #expect(RouteTable.recipeSample.problems == [])
  }

  @Test("the built-in table holds every route of the product brief, plus favorites")
  func builtInRoutes() {
    #expect(
      recipeSampleRouteNames == [
        "settings", "profile", "recipes", "recipe", "recipe-edit", "login", "login-error", "recipe-empty",
        "recipe-error", "favorites", "favorites-empty", "reset",
      ])
    #expect(RouteTable.recipeSample.scheme == "debug")
  }

  @Test("every built-in route has a summary without a trailing period")
  func summaries() {
    for route in RouteTable.recipeSample.routes {
      #expect(!route.summary.isEmpty, "\(route.name)")
      #expect(!route.summary.hasSuffix("."), "\(route.name)")
      for parameter in route.parameters {
        #expect(!parameter.help.isEmpty, "\(route.name) \(parameter.name)")
      }
    }
  }

  struct ProblemCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let routes: [Route]
    let problems: [TableProblem]
    let descriptions: [String]

    init(_ name: String, _ routes: [Route], _ problems: [TableProblem], _ descriptions: [String]) {
      self.testDescription = name
      self.routes = routes
      self.problems = problems
      self.descriptions = descriptions
    }
  }

  static func route(_ name: String, _ parameters: [Parameter] = []) -> Route {
    plainRoute(name, parameters)
  }

  static let cases: [ProblemCase] = [
    ProblemCase(
      "a duplicate route name", [route("home"), route("away"), route("home")], [.duplicateRoute("home")],
      ["route 'home' is declared twice"]),
    ProblemCase(
      "an uppercase route name", [route("Recipe")], [.invalidRouteName("Recipe")],
      ["route name 'Recipe' must be lowercase ASCII letters, digits and hyphens"]),
    ProblemCase(
      "a route name starting with a hyphen", [route("-x")], [.invalidRouteName("-x")],
      ["route name '-x' must be lowercase ASCII letters, digits and hyphens"]),
    ProblemCase(
      "a route name with an underscore", [route("a_b")], [.invalidRouteName("a_b")],
      ["route name 'a_b' must be lowercase ASCII letters, digits and hyphens"]),
    ProblemCase(
      "a route name ending with a hyphen", [route("x-")], [.invalidRouteName("x-")],
      ["route name 'x-' must be lowercase ASCII letters, digits and hyphens"]),
    ProblemCase(
      "an empty route name", [route("")], [.invalidRouteName("")],
      ["route name '' must be lowercase ASCII letters, digits and hyphens"]),
    ProblemCase(
      "a route name with a space", [route("my route")], [.invalidRouteName("my route")],
      ["route name 'my route' must be lowercase ASCII letters, digits and hyphens"]),
    ProblemCase(
      "a route name with non-ASCII letters", [route("café")], [.invalidRouteName("café")],
      ["route name 'café' must be lowercase ASCII letters, digits and hyphens"]),
    ProblemCase(
      "a parameter name with an underscore", [route("home", [.string("user_id", help: "")])],
      [.invalidParameterName(route: "home", parameter: "user_id")],
      ["parameter 'user_id' of home must start with a letter and hold only letters, digits, hyphens"]),
    ProblemCase(
      "a parameter name starting with a digit", [route("home", [.string("1d", help: "")])],
      [.invalidParameterName(route: "home", parameter: "1d")],
      ["parameter '1d' of home must start with a letter and hold only letters, digits, hyphens"]),
    ProblemCase(
      "a parameter name starting with a hyphen", [route("home", [.string("-v", help: "")])],
      [.invalidParameterName(route: "home", parameter: "-v")],
      ["parameter '-v' of home must start with a letter and hold only letters, digits, hyphens"]),
    ProblemCase(
      "an empty parameter name", [route("home", [.string("", help: "")])],
      [.invalidParameterName(route: "home", parameter: "")],
      ["parameter '' of home must start with a letter and hold only letters, digits, hyphens"]),
    ProblemCase(
      "a duplicate parameter", [route("home", [.string("id", help: ""), .integer("id", help: "")])],
      [.duplicateParameter(route: "home", parameter: "id")], ["parameter 'id' of home is declared twice"]),
    ProblemCase(
      "a default outside its range", [route("home", [.integer("n", range: 1...5, default: 9, help: "")])],
      [.invalidDefault(route: "home", parameter: "n")],
      ["the default of home's 'n' does not satisfy its own type"]),
    ProblemCase(
      "a default outside its choices",
      [route("home", [.choice("sort", ["a", "b"], default: "c", help: "")])],
      [.invalidDefault(route: "home", parameter: "sort")],
      ["the default of home's 'sort' does not satisfy its own type"]),
    ProblemCase(
      "a default of another type",
      [route("home", [Parameter(name: "n", type: .integer(range: nil), default: .string("1"), help: "")])],
      [.invalidDefault(route: "home", parameter: "n")],
      ["the default of home's 'n' does not satisfy its own type"]),
    ProblemCase(
      "empty choices", [route("home", [.choice("sort", [], help: "")])],
      [.emptyChoices(route: "home", parameter: "sort")], ["choice parameter 'sort' of home has no choices"]),
    ProblemCase(
      "empty choices with a default", [route("home", [.choice("sort", [], default: "a", help: "")])],
      [.invalidDefault(route: "home", parameter: "sort"), .emptyChoices(route: "home", parameter: "sort")],
      [
        "the default of home's 'sort' does not satisfy its own type",
        "choice parameter 'sort' of home has no choices",
      ]),
    ProblemCase(
      "several problems, in declaration order",
      [route("Home", [.string("a_b", help: "")]), route("help"), route("help")],
      [
        .invalidRouteName("Home"), .invalidParameterName(route: "Home", parameter: "a_b"),
        .duplicateRoute("help"),
      ],
      [
        "route name 'Home' must be lowercase ASCII letters, digits and hyphens",
        "parameter 'a_b' of Home must start with a letter and hold only letters, digits, hyphens",
        "route 'help' is declared twice",
      ]),
  ]

  @Test("finds and describes each problem", arguments: cases)
  func problems(_ example: ProblemCase) {
    let problems = RouteTable(routes: example.routes).problems
    #expect(problems == example.problems)
    #expect(problems.map(\.description) == example.descriptions)
  }

  @Test(
    "accepts the names a table may use",
    arguments: ["a", "recipe", "recipe-edit", "route-10000", "a1-b2-c3", "x--y"])
  func validRouteNames(_ name: String) {
    #expect(RouteTable(routes: [plainRoute(name)]).problems == [])
  }

  @Test(
    "parameter names may hold uppercase letters", arguments: ["id", "userID", "maxCount", "page-size", "v2"])
  func validParameterNames(_ name: String) {
    #expect(RouteTable(routes: [plainRoute("home", [.string(name, help: "")])]).problems == [])
  }

  @Test("defaults that satisfy their type pass")
  func validDefaults() {
    let table = RouteTable(routes: [
      plainRoute(
        "home",
        [
          .integer("a", range: 1...5, default: 1, help: ""),
          .integer("b", range: 1...5, default: 5, help: ""),
          .integer("c", default: .min, help: ""), .string("d", default: "", help: ""),
          .choice("e", ["x", "y"], default: "y", help: ""), .flag("f", help: ""),
          Parameter(name: "g", type: .boolean, default: .boolean(true), help: ""),
        ])
    ])
    #expect(table.problems == [])
  }
}
