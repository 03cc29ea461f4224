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
    return effect.target(of: self)
  }
}

extension Effect {
  /// The state this effect gives `link`, a link of its route: its stack with the link's
  /// values, its overrides.
  ///
  /// - Parameter fixedPath: ``fixedPath``, kept by a caller that made it once: the path, the
  ///   same array each time, when no screen takes a value.
  func target(of link: Link, fixedPath: [Screen]? = nil) -> NavigationState {
    var overrides = Overrides.none
    for override in self.overrides {
      overrides.set(override.kind, message: override.parameter.map { link[$0]?.text ?? "" })
    }
    var path: [Screen] = []
    path.reserveCapacity(stack.count)
    for template in stack {
      var arguments: [Argument] = []
      arguments.reserveCapacity(template.parameters.count)
      for name in template.parameters {
        if let value = link[name] { arguments.append(Argument(name: name, value: value)) }
      }
      path.append(Screen(template.destination, arguments))
    }
    return NavigationState(path: path, overrides: overrides)
  }

}
