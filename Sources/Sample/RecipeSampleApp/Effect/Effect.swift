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
