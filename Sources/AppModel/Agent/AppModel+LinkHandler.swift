package import DeepLinkAgent
package import DeepLinkRoutes
import RecipeRoutes

/// The sample app as the agent's handler: a link's effect is worked out once (its
/// ``NavigationState``), and applying it replaces the whole state, so the agent may reuse the
/// reply to a link it saw before.
extension AppModel: LinkHandler {
  /// What a link means to the sample: the whole state it describes.
  package typealias Prepared = NavigationState

  /// The state `link` describes in this app.
  package func prepare(_ link: Link) -> NavigationState {
    target(of: link)
  }

  /// Shows the state a link described.
  package mutating func apply(_ target: NavigationState) {
    show(target)
  }

  /// The path (each screen's destination and arguments), the overrides in force, the screen.
  package var state: AppState {
    AppState(
      path: navigation.path.map { AppState.Screen($0.destination.name, $0.arguments) }, screen: screen,
      details: overridesDetails)
  }

  /// The state's `overrides` group: the overrides in force, in declaration order.
  private var overridesDetails: [AppState.Detail] {
    let overrides = navigation.overrides
    // Most links set none: the same array every time then, not two new ones.
    guard !overrides.isEmpty else { return Self.noOverrides }
    var values: [Argument] = []
    values.reserveCapacity(Self.overrideKinds.count)
    for kind in Self.overrideKinds {
      if let value = overrides.value(of: kind) { values.append(Argument(name: kind.rawValue, value: value)) }
    }
    return [AppState.Detail("overrides", values)]
  }

  /// `Override.allCases`, made once (each use of `allCases` makes a new array).
  private static let overrideKinds = Override.allCases

  /// The `overrides` group with no override in force.
  private static let noOverrides = [AppState.Detail("overrides", [])]

  /// Every link describes a whole state: the sample keeps nothing from one link to the next.
  package var linksDescribeWholeStates: Bool { true }

  /// Recipe ids with titles, user ids with names, where a route's effect feeds a screen's id.
  package func suggestions(for parameter: Parameter, of route: Route) -> [SuggestedValue] {
    suggestions(for: route, parameter: parameter.name).map {
      SuggestedValue($0.value, description: $0.description)
    }
  }
}

extension RequestHandler {
  /// A handler for the sample app, by default on the sample's table: what `deeplink-app`
  /// serves, and what tests and benchmarks drive without a socket.
  package init(
    app: AppModel = AppModel(), table: RouteTable = .builtIn,
    debugLinksEnabled: Bool = BuildConfiguration.debugLinksEnabled, logPrefix: String = "",
    now: @escaping () -> Int
  ) {
    self.init(
      handler: app, table: table, debugLinksEnabled: debugLinksEnabled, logPrefix: logPrefix, now: now)
  }

  /// The sample app the handler applies links to.
  package var app: AppModel { handler(as: AppModel.self) }
}
