import DeepLinkRoutes

extension ScreenText {
  func home() -> [String] {
    let user = data.user(id: "current")
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
      "  Account         \(data.user(id: "current")?.email ?? "signed out")",
      "  Notifications   On",
      "  Appearance      System",
      "  Units           Metric",
      "  Debug links     Enabled",
    ]
  }

  func profile(_ screen: Screen) -> [String] {
    let id = screen["id"]?.text ?? "current"
    guard let user = user(of: screen) else {
      return ["Profile not found", "", "No user has id '\(id)'."]
    }
    return [
      user.name, "",
      "User \(user.id)\(id == "current" ? " (you)" : "")",
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
