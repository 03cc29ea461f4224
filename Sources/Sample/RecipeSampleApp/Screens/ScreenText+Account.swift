import DeepLinkRoutes

extension ScreenText {
  func appendHome(to text: inout String) {
    text.append("Home\n\nWelcome back")
    if let user = data.user(id: Screen.currentUserID) {
      text.append(", ")
      text.append(contentsOf: user.name)
    }
    text.append("!\n  • Recipes     (")
    text.append(data.recipes.count)
    text.append(")\n  • Favorites   (")
    text.append(data.favoriteIDs.count)
    text.append(")\n  • Profile\n  • Settings\n")
  }

  func appendSettings(to text: inout String) {
    text.append("Settings\n\n  Account         ")
    text.append(contentsOf: data.user(id: Screen.currentUserID)?.email ?? "signed out")
    text.append(
      """

        Notifications   On
        Appearance      System
        Units           Metric
        Debug links     Enabled

      """)
  }

  func appendProfile(_ screen: Screen, to text: inout String) {
    let id = screen.userID
    guard let user = data.user(id: id) else {
      text.append("Profile not found\n\nNo user has id '")
      text.append(contentsOf: id)
      text.append("'.\n")
      return
    }
    text.append(contentsOf: user.name)
    text.append("\n\nUser ")
    text.append(contentsOf: user.id)
    if id == Screen.currentUserID { text.append(" (you)") }
    text.append("\n  Email     ")
    text.append(contentsOf: user.email)
    text.append("\n  Recipes   ")
    text.append(user.recipeCount)
    text.append("\n")
  }

  func appendLogin(to text: inout String) {
    text.append("Login\n\n")
    if let message = state.overrides.loginError {
      text.append("⚠ ")
      text.append(contentsOf: message)
      text.append("\n\n")
    }
    text.append(
      """
        Email      [                    ]
        Password   [                    ]

        [Sign In]   Forgot password?

      """)
  }
}
