public import DeepLinkRoutes

/// The app's side of the agent: applies the links the route table accepted and reports the
/// state. The agent calls it on one thread, one link at a time, and replies only after
/// ``apply(_:)`` returned.
///
/// Most apps implement two members:
///
///     struct Shop: LinkHandler {
///       var path: [AppState.Screen] = []
///       mutating func apply(_ link: Link) throws(LinkRefusal) {
///         path = [AppState.Screen(link.route.name, link.arguments)]
///       }
///       var state: AppState { AppState(path: path, screen: "…") }
///     }
public protocol LinkHandler {
  /// Applies `link`: the app now shows what the link asked for. Called for every link the
  /// table accepts, the same link sent again included: the agent keeps no reply in place of
  /// asking.
  ///
  /// - Throws: ``LinkRefusal`` to refuse the link; the app's state must then be unchanged.
  mutating func apply(_ link: Link) throws(LinkRefusal)

  /// The app's state now: what the agent answers after a link and to `state`. Read after every
  /// link; a state with the same text as the last one sent is written from that reply's bytes.
  var state: AppState { get }

  /// What the app shows now, as text: `deeplink screen`. By default ``state``'s screen.
  var screen: String { get }

  /// Values parameter `parameter` of `route` can usefully take in the app now, with a
  /// description each, for shell completion (`--id <TAB>`). By default none.
  func suggestions(for parameter: Parameter, of route: Route) -> [SuggestedValue]
}

extension LinkHandler {
  /// ``state``'s screen.
  public var screen: String { state.screen }

  /// None.
  public func suggestions(for parameter: Parameter, of route: Route) -> [SuggestedValue] { [] }
}
