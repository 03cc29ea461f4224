/// What a JSON request asks the app, its `op`: the wire protocol's verbs, declared once for the
/// app that answers them and the CLI that sends them (docs/wire-protocol.md).
///
///     Operation(rawValue: "state")  // .state
///     Operation.allCases.map(\.rawValue).joined(separator: ", ")
///     // "open, state, screen, routes, values, ping, table"
package enum Operation: String, CaseIterable, Hashable, Sendable {
  /// Apply a link: `url`, and an optional `deadline` (Unix epoch milliseconds).
  case open
  /// The navigation stack, the overrides in force and the screen.
  case state
  /// The screen, as text.
  case screen
  /// The route names.
  case routes
  /// The values the app knows for a parameter (`route`, `parameter`), for completion.
  case values
  /// Whether the app is there, and whether it accepts debug links.
  case ping
  /// The whole route table in the routes-file format (``RoutesDocument``), so that `deeplink`
  /// learns the app's routes from the app.
  case table
}
