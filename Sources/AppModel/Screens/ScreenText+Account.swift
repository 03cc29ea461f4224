import DeepLinkRoutes

extension ScreenText {
  func home() -> [String] {
    let user = data.user(id: Screen.currentUserID)
    return [
      "Home", "",
      "Welcome back\(user.map { ", \($0.name)" } ?? "")!",
      "  • Recipes     (\(data.recipes.count))",
      "  • Favorites   (\(data.favoriteIDs.count))",
      "  • Profile",
      "  • Settings",
    ]
  }

  func settings() -> [String] {
    [
      "Settings", "",
      "  Account         \(data.user(id: Screen.currentUserID)?.email ?? "signed out")",
      "  Notifications   On",
      "  Appearance      System",
      "  Units           Metric",
      "  Debug links     Enabled",
    ]
  }

  func profile(_ screen: Screen) -> [String] {
    let id = screen.userID
    guard let user = user(of: screen) else {
      return ["Profile not found", "", "No user has id '\(id)'."]
    }
    return [
      user.name, "",
      "User \(user.id)\(id == Screen.currentUserID ? " (you)" : "")",
      "  Email     \(user.email)",
      "  Recipes   \(user.recipeCount)",
    ]
  }

  func login() -> [String] {
    var lines = ["Login", ""]
    if let message = state.overrides.loginError {
      lines += ["⚠ \(message)", ""]
    }
    return lines + [
      "  Email      [                    ]",
      "  Password   [                    ]",
      "",
      "  [Sign In]   Forgot password?",
    ]
  }
}
