import DeepLinkRoutes
import RecipeRoutes

/// Renders the visible screen of a state as text: a breadcrumb of the stack, a rule, the
/// screen's title and its contents, with the empty, error and not-found states a real app
/// would draw. Deterministic, so snapshots can be compared byte for byte.
struct ScreenText {
  let state: NavigationState
  let data: DataSet
  /// List rows that fit on the screen; the rest is "below", as on a phone.
  static let visibleRows = 12

  /// The line under the breadcrumb. Built once: `String(repeating:count:)` on every render
  /// was a fifth of the app's time per link.
  static let rule = String(repeating: "─", count: 48)

  /// The lines, each ended by `\n`. Appended into one string of the right capacity:
  /// `joined(separator:)` and its generic copies were a tenth of a new link's time.
  func render() -> String {
    let body = body(of: state.path.last)
    var text = breadcrumb
    text.reserveCapacity(body.reduce(text.utf8.count + Self.rule.utf8.count + 2) { $0 + $1.utf8.count + 1 })
    text += "\n"
    text += Self.rule
    text += "\n"
    for line in body {
      text += line
      text += "\n"
    }
    return text
  }

  /// `Home › Spaghetti Bolognese › Edit`.
  var breadcrumb: String {
    var text = "Home"
    for screen in state.path {
      text += " › "
      text += shortTitle(screen)
    }
    return text
  }

  func shortTitle(_ screen: Screen) -> String {
    switch screen.destination {
    case .settings: "Settings"
    case .profile: user(of: screen)?.name ?? "Profile"
    case .recipes: "Recipes"
    case .recipe: recipe(of: screen)?.title ?? "Recipe \(screen.recipeID.map(String.init) ?? "?")"
    case .recipeEdit: "Edit"
    case .login: "Login"
    case .favorites: "Favorites"
    }
  }

  func body(of screen: Screen?) -> [String] {
    guard let screen else { return home() }
    switch screen.destination {
    case .settings: return settings()
    case .profile: return profile(screen)
    case .recipes: return recipeList(sort: screen.sort)
    case .recipe: return recipeDetail(screen)
    case .recipeEdit: return recipeEditor(screen)
    case .login: return login()
    case .favorites: return favorites()
    }
  }

  func recipe(of screen: Screen) -> Recipe? {
    screen.recipeID.flatMap { data.recipe(id: $0) }
  }

  func user(of screen: Screen) -> User? {
    data.user(id: screen.userID)
  }

  /// A one-line item of a list: `  • title  (detail)`.
  func item(_ title: String, _ detail: String) -> String {
    "  • \(title)  (\(detail))"
  }
}
