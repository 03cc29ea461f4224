/// What a route does to the app, as data: the stack it shows from the root, and the overrides
/// it sets. The app model applies it; nothing else is needed to know what a link means.
public struct Effect: Hashable, Sendable {
  /// The screens pushed from the root, bottom first.
  public let stack: [ScreenTemplate]
  /// The overrides set, on top of none: a link never keeps an earlier link's overrides.
  public let overrides: [OverrideEffect]

  /// An effect showing `stack` from the root, with `overrides` in force.
  public init(stack: [ScreenTemplate], overrides: [OverrideEffect] = []) {
    self.stack = stack
    self.overrides = overrides
  }

  /// Shows `destination` alone, taking `parameters` from the route's arguments.
  public static func show(_ destination: Destination, _ parameters: String...) -> Effect {
    Effect(stack: [ScreenTemplate(destination, parameters)])
  }
}

/// A screen of an effect's stack, with the names of the route parameters it takes.
public struct ScreenTemplate: Hashable, Sendable {
  /// The screen pushed.
  public let destination: Destination
  /// Route parameters copied, under the same names, into the screen's arguments.
  public let parameters: [String]

  /// A screen of `destination` taking the route parameters called `parameters`.
  public init(_ destination: Destination, _ parameters: [String] = []) {
    self.destination = destination
    self.parameters = parameters
  }
}

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
