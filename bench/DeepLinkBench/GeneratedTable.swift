import RecipeSampleApp
import DeepLinkRoutes
import RecipeSampleRoutes

/// A route table of any size for the scale benchmark: the built-in routes, after
/// `routeCount - 12` generated ones of the same kinds (integer, string, choice and flag
/// parameters; one- and two-screen effects; overrides).
enum GeneratedTable {
  static func make(routeCount: Int) -> RouteTable {
    let extra = max(0, routeCount - RouteTable.recipeSample.routes.count)
    return RouteTable(routes: (0..<extra).map(route) + RouteTable.recipeSample.routes)
  }

  /// What the app does for each route of `make(routeCount:)`, by route name.
  static func effects(routeCount: Int) -> [String: Effect] {
    var effects = Effect.recipes
    for index in 0..<max(0, routeCount - RouteTable.recipeSample.routes.count) {
      effects[name(ofRoute: index)] = effect(index)
    }
    return effects
  }

  static func name(ofRoute index: Int) -> String {
    let digits = String(index)
    return "screen-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits
  }

  /// A link to generated route `index` with every parameter given.
  static func url(ofRoute index: Int) -> String {
    switch index % 4 {
    case 0: "debug://\(name(ofRoute: index))?id=\(index % 999 + 1)"
    case 1: "debug://\(name(ofRoute: index))?name=item%20\(index)"
    case 2: "debug://\(name(ofRoute: index))?sort=rating"
    default: "debug://\(name(ofRoute: index))?id=7&draft"
    }
  }

  static func route(_ index: Int) -> Route {
    let name = name(ofRoute: index)
    switch index % 4 {
    case 0:
      return Route(
        name, summary: "Generated recipe screen \(index)",
        parameters: [.integer("id", range: 1...999_999, help: "Recipe id")])
    case 1:
      return Route(
        name, summary: "Generated profile screen \(index)",
        parameters: [.string("name", default: "current", help: "User")])
    case 2:
      return Route(
        name, summary: "Generated list \(index)",
        parameters: [.choice("sort", ["name", "newest", "rating"], default: "name", help: "Order")])
    default:
      return Route(
        name, summary: "Generated editor \(index)",
        parameters: [.integer("id", help: "Recipe id"), .flag("draft", help: "Unsaved changes")])
    }
  }

  static func effect(_ index: Int) -> Effect {
    switch index % 4 {
    case 0: .show(.recipe, "id")
    case 1: .show(.profile)
    case 2: Effect(stack: [ScreenTemplate(.recipes, ["sort"])], overrides: [.networkError])
    default: Effect(stack: [ScreenTemplate(.recipe, ["id"]), ScreenTemplate(.recipeEdit, ["id"])])
    }
  }
}
