import DeepLinkRoutes

extension AppState {
  /// Whether `other` holds the same values with every string the same bytes: whether a reply
  /// writes the two states as the same JSON. `==` compares strings by canonical equivalence, so
  /// two states it calls equal may still be written differently.
  func hasSameText(as other: AppState) -> Bool {
    screen.hasSameUTF8(as: other.screen)
      && path.count == other.path.count
      && zip(path, other.path).allSatisfy {
        $0.name.hasSameUTF8(as: $1.name) && $0.arguments.haveSameText(as: $1.arguments)
      }
      && details.count == other.details.count
      && zip(details, other.details).allSatisfy {
        $0.name.hasSameUTF8(as: $1.name) && $0.values.haveSameText(as: $1.values)
      }
  }
}
