import DeepLinkRoutes

extension NavigationState {
  /// Whether `other` is the same state with every string the same bytes: whether the two show
  /// the same screen text. `==` compares strings by canonical equivalence, under which a login
  /// error "é" and "e" followed by U+0301 are equal though shown from different bytes.
  func hasSameText(as other: NavigationState) -> Bool {
    path.count == other.path.count
      && zip(path, other.path).allSatisfy {
        $0.destination == $1.destination && $0.arguments.haveSameText(as: $1.arguments)
      }
      && overrides.emptyRecipeList == other.overrides.emptyRecipeList
      && overrides.networkError == other.overrides.networkError
      && overrides.emptyFavorites == other.overrides.emptyFavorites
      && Self.hasSameText(overrides.loginError, other.overrides.loginError)
  }

  private static func hasSameText(_ left: String?, _ right: String?) -> Bool {
    switch (left, right) {
    case (nil, nil): true
    case (let left?, let right?): left.hasSameUTF8(as: right)
    default: false
    }
  }
}
