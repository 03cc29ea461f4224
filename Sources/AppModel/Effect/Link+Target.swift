public import DeepLinkRoutes

extension Link {
  /// The state this link describes in the sample app, whatever came before it.
  public var target: NavigationState {
    target(in: Effect.recipes)
  }

  /// The state this link describes under `effects` (by route name), whatever came before
  /// it; the root with no override for a route `effects` does not know, which
  /// ``EffectProblem/check(_:effects:)`` reports for a table.
  public func target(in effects: [String: Effect]) -> NavigationState {
    guard let effect = effects[route.name] else { return .root }
    let path = effect.stack.map { template in
      Screen(
        template.destination,
        template.parameters.compactMap { name in self[name].map { Argument(name: name, value: $0) } })
    }
    var overrides = Overrides.none
    for override in effect.overrides {
      overrides.set(override.kind, message: override.parameter.map { self[$0]?.text ?? "" })
    }
    return NavigationState(path: path, overrides: overrides)
  }
}
