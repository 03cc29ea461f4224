/// The whole state a link describes: the navigation stack and the overrides in force.
public struct NavigationState: Hashable, Sendable {
  /// Screens above the root, bottom first; empty means the root screen.
  public var path: [Screen]
  /// The debug overrides in force.
  public var overrides: Overrides

  /// A state showing `path` with `overrides`; by default the root with none.
  public init(path: [Screen] = [], overrides: Overrides = .none) {
    self.path = path
    self.overrides = overrides
  }

  /// The root screen with no override.
  public static let root = NavigationState()
}
