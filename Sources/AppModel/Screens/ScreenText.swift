import DeepLinkRoutes

/// Renders the visible screen of a state as text: a breadcrumb of the stack, a rule, the
/// screen's title and its contents, with the empty, error and not-found states a real app
/// would draw. Deterministic, so snapshots can be compared byte for byte.
struct ScreenText {
  let state: NavigationState
  let data: DataSet
  /// List rows that fit on the screen; the rest is "below", as on a phone.
  static let visibleRows = 12

  func render() -> String {
    var lines = [breadcrumb, String(repeating: "─", count: 48)]
    lines += body(of: state.path.last)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `Home › Spaghetti Bolognese › Edit`.
  var breadcrumb: String {
    (["Home"] + state.path.map(shortTitle)).joined(separator: " › ")
  }

  func shortTitle(_ screen: Screen) -> String {
    switch screen.destination {
    case .settings: "Settings"
    case .profile: user(of: screen)?.name ?? "Profile"
    case .recipes: "Recipes"
    case .recipe: recipe(of: screen)?.title ?? "Recipe \(screen["id"]?.text ?? "?")"
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
    case .recipes: return recipeList(sort: screen["sort"]?.text ?? "name")
    case .recipe: return recipeDetail(screen)
    case .recipeEdit: return recipeEditor(screen)
    case .login: return login()
    case .favorites: return favorites()
    }
  }

  func recipe(of screen: Screen) -> Recipe? {
    guard case .integer(let id) = screen["id"] else { return nil }
    return data.recipe(id: id)
  }

  func user(of screen: Screen) -> User? {
    data.user(id: screen["id"]?.text ?? "current")
  }

  /// A one-line item of a list: `  • title  (detail)`.
  func item(_ title: String, _ detail: String) -> String {
    "  • \(title)  (\(detail))"
  }
}
