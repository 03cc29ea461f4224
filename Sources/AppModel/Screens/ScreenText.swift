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

  /// The lines, each ended by `\n`. Put together as UTF-8 bytes and made a `String` once:
  /// `joined(separator:)` and its generic copies were a tenth of a new link's time, and
  /// appending line by line to a `String` (each append checking the string's storage and
  /// capacity) still about a tenth.
  func render() -> String {
    let body = body(of: state.path.last)
    var text: [UInt8] = []
    text.reserveCapacity(body.reduce(160) { $0 + $1.utf8.count + 1 })
    appendBreadcrumb(to: &text)
    text.append(UInt8(ascii: "\n"))
    text.append(contentsOf: Self.ruleBytes)
    text.append(UInt8(ascii: "\n"))
    for line in body {
      text.appendUTF8(line)
      text.append(UInt8(ascii: "\n"))
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// ``rule``'s bytes.
  private static let ruleBytes = Array(rule.utf8)

  /// `Home › Spaghetti Bolognese › Edit`.
  var breadcrumb: String {
    var text: [UInt8] = []
    appendBreadcrumb(to: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// Appends ``breadcrumb``'s bytes.
  private func appendBreadcrumb(to text: inout [UInt8]) {
    text.append(contentsOf: "Home".utf8)
    for screen in state.path {
      text.append(contentsOf: " › ".utf8)
      text.appendUTF8(shortTitle(screen))
    }
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

extension [UInt8] {
  /// Appends `text`'s UTF-8 bytes in one copy when its storage is contiguous (a native string's
  /// always is), not through the generic sequence copy.
  fileprivate mutating func appendUTF8(_ text: String) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { append(contentsOf: $0) }
    if copied == nil { append(contentsOf: text.utf8) }
  }
}
