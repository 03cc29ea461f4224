import AppModel
import DeepLinkRoutes
import RecipeRoutes

/// What the route table alone says a link should do: the expected outcome, computed without
/// the app's code.
enum RouteTableOracle {
  enum Outcome: Equatable {
    /// Applied: the canonical URL and the state it describes.
    case applied(canonical: String, target: NavigationState)
    /// Rejected with this wire `kind`.
    case rejected(kind: String)
  }

  static func outcome(of url: String) -> Outcome {
    do {
      let link = try RouteTable.builtIn.parse(url)
      return .applied(canonical: RouteTable.builtIn.url(for: link), target: link.target)
    } catch {
      return .rejected(kind: kind(of: error))
    }
  }

  static func target(of url: String) throws -> NavigationState {
    try RouteTable.builtIn.parse(url).target
  }

  /// The wire's `error.kind` for a ``LinkError``, written out here as the protocol documents it.
  static func kind(of error: LinkError) -> String {
    switch error {
    case .notAURL: "not-a-url"
    case .wrongScheme: "wrong-scheme"
    case .missingRoute: "missing-route"
    case .unknownRoute: "unknown-route"
    case .unexpectedPath: "unexpected-path"
    case .unexpectedFragment: "unexpected-fragment"
    case .malformedPercentEscape: "malformed-percent-escape"
    case .invalidUTF8: "invalid-utf8"
    case .argument(.unknownParameter): "unknown-parameter"
    case .argument(.missingParameter): "missing-parameter"
    case .argument(.duplicateParameter): "duplicate-parameter"
    case .argument(.missingValue): "missing-value"
    case .argument(.invalidValue): "invalid-value"
    }
  }
}
