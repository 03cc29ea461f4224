package import DeepLinkAgent
package import DeepLinkRoutes
import RecipeSampleRoutes

/// The sample app as the agent's handler: applying a link replaces the whole state with the
/// one the link describes.
extension AppModel: LinkHandler {
  /// The path (each screen's destination and arguments), the overrides in force, the screen.
  package var state: AppState {
    AppState(
      path: navigation.path.map { AppState.Screen($0.destination.name, $0.arguments) }, screen: screen,
      details: [AppState.Detail("overrides", overrides)])
  }

  /// The overrides in force, in declaration order.
  private var overrides: [Argument] {
    Override.allCases.compactMap { kind in
      navigation.overrides.value(of: kind).map { Argument(name: kind.rawValue, value: $0) }
    }
  }

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
    app: AppModel = AppModel(), table: RouteTable = .recipeSample,
    debugLinksEnabled: Bool = BuildConfiguration.debugLinksEnabled, logPrefix: String = "",
    now: @escaping () -> Int
  ) {
    self.init(
      handler: app, table: table, debugLinksEnabled: debugLinksEnabled, logPrefix: logPrefix, now: now)
  }

  /// The sample app the handler applies links to.
  package var app: AppModel { handler(as: AppModel.self) }
}
