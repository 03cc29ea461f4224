import DeepLinkRoutes
import RecipeSampleRoutes

/// Renders the visible screen of a state as text: a breadcrumb of the stack, a rule, the
/// screen's title and its contents, with the empty, error and not-found states a real app
/// would draw. Deterministic, so snapshots can be compared byte for byte.
struct ScreenText {
  let state: NavigationState
  let data: DataSet
  /// List rows that fit on the screen; the rest is "below", as on a phone.
  static let visibleRows = 12

  /// The whole screen: breadcrumb, rule, body, every line ended by `\n`.
  func render() -> String {
    var text = ""
    // Room for every screen of the sample's data, so that the text grows in place.
    text.reserveCapacity(1_024)
    appendBreadcrumb(to: &text)
    // The rule under the breadcrumb: 48 × U+2500.
    text.append("\n────────────────────────────────────────────────\n")
    appendBody(of: state.path.last, to: &text)
    return text
  }

  /// `Home › Spaghetti Bolognese › Edit`.
  var breadcrumb: String {
    var text = ""
    appendBreadcrumb(to: &text)
    return text
  }

  private func appendBreadcrumb(to text: inout String) {
    text.append("Home")
    for screen in state.path {
      text.append(" › ")
      appendShortTitle(of: screen, to: &text)
    }
  }

  /// Appends the screen's name in the breadcrumb: the recipe's or user's name where it has one.
  private func appendShortTitle(of screen: Screen, to text: inout String) {
    switch screen.destination {
    case .settings: text.append("Settings")
    case .profile: text.append(contentsOf: user(of: screen)?.name ?? "Profile")
    case .recipes: text.append("Recipes")
    case .recipe:
      if let recipe = recipe(of: screen) {
        text.append(contentsOf: recipe.title)
      } else {
        text.append("Recipe ")
        appendRecipeID(of: screen, to: &text)
      }
    case .recipeEdit: text.append("Edit")
    case .login: text.append("Login")
    case .favorites: text.append("Favorites")
    }
  }

  /// Appends the lines of the screen on top (the home screen's for none).
  private func appendBody(of screen: Screen?, to text: inout String) {
    guard let screen else { return appendHome(to: &text) }
    switch screen.destination {
    case .settings: appendSettings(to: &text)
    case .profile: appendProfile(screen, to: &text)
    case .recipes: appendRecipeList(sort: screen.sort, to: &text)
    case .recipe: appendRecipeDetail(screen, to: &text)
    case .recipeEdit: appendRecipeEditor(screen, to: &text)
    case .login: appendLogin(to: &text)
    case .favorites: appendFavorites(to: &text)
    }
  }

  func recipe(of screen: Screen) -> Recipe? {
    screen.recipeID.flatMap { data.recipe(id: $0) }
  }

  func user(of screen: Screen) -> User? {
    data.user(id: screen.userID)
  }

  /// Appends the id a recipe screen was opened with, `?` for none.
  func appendRecipeID(of screen: Screen, to text: inout String) {
    if let id = screen.recipeID { text.append(id) } else { text.append("?") }
  }

  /// Appends a one-line item of a recipe list: `  • #42 Spaghetti Bolognese  (60 min)`.
  func appendItem(_ recipe: Recipe, to text: inout String) {
    text.append("  • #")
    text.append(recipe.id)
    text.append(" ")
    text.append(contentsOf: recipe.title)
    text.append("  (")
    text.append(recipe.minutes)
    text.append(" min)\n")
  }
}

extension String {
  /// Appends `number` in decimal: the numbers of a screen's text.
  mutating func append(_ number: Int) {
    append(String(number))
  }
}
