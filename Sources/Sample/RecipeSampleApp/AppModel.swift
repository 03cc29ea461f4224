package import DeepLinkRoutes
import RecipeSampleRoutes

/// The headless recipe app: its state, its data, and its visible screen as text.
///
/// A plain synchronous value: the daemon owns one and applies links to it one at a time.
/// Applying a link replaces the whole state with the one the link describes, so the same
/// link always gives the same state, whatever came before.
///
///     var app = AppModel()
///     app.apply(try RouteTable.recipeSample.parse("debug://recipe-edit?id=42"))
///     app.navigation.path.map(\.destination)  // [.recipe, .recipeEdit]
package struct AppModel: Sendable {
  package let data: DataSet
  /// What each route does, by route name: ``Effect/recipes`` for the sample's table.
  package let effects: [String: Effect]
  /// The navigation stack and the overrides in force.
  package private(set) var navigation: NavigationState
  /// What the visible screen shows, as deterministic text (the headless screenshot): drawn
  /// when the state changes, as a UI framework redraws only a view whose state changed.
  package private(set) var screen: String

  package init(
    data: DataSet = .sample, effects: [String: Effect] = Effect.recipes, navigation: NavigationState = .root
  ) {
    self.data = data
    self.effects = effects
    self.navigation = navigation
    self.screen = ScreenText(state: navigation, data: data).render()
  }

  /// Shows the state `link` describes. Links to data that does not exist are not errors:
  /// the screen shows its not-found state, as a real app would. A link to the state already
  /// shown leaves the screen as it is.
  package mutating func apply(_ link: Link) {
    let target = link.target(in: effects)
    guard !target.hasSameText(as: navigation) else { return }
    navigation = target
    screen = ScreenText(state: navigation, data: data).render()
  }

  /// The first line of ``screen`` alone (`Home › Settings`), without rendering the rest.
  package var breadcrumb: String {
    ScreenText(state: navigation, data: data).breadcrumb
  }

  /// Values that parameter `parameter` of `route` can usefully take in this app's data, with a
  /// description each (recipe ids with titles, user ids with names), for shell completion.
  ///
  /// Derived from the route's effect: a parameter that feeds a recipe screen's `id` takes
  /// recipe ids, one that feeds a profile's `id` takes user ids.
  package func suggestions(for route: Route, parameter: String) -> [(value: String, description: String)] {
    guard let screen = effects[route.name]?.stack.first(where: { $0.parameters.contains(parameter) }) else {
      return []
    }
    switch (screen.destination, ScreenArgument(rawValue: parameter)) {
    case (.recipe, .id), (.recipeEdit, .id):
      return data.recipes.map { (String($0.id), $0.title) }
    case (.profile, .id):
      return [(Screen.currentUserID, "The signed-in user")] + data.users.map { ($0.id, $0.name) }
    default:
      return []
    }
  }
}
