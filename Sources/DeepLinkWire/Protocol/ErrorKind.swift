/// The `kind` of an error reply (`{"ok":false,"error":{"kind":…,"message":…}}`): every kind the
/// app sends, stable and machine-readable, declared once for the app and the CLI.
///
///     ErrorKind.unknownRoute.rawValue  // "unknown-route"
///     ErrorKind(rawValue: "expired")  // .expired
///     "\(ErrorKind.lineTooLong)"  // "line-too-long": printed as on the wire
package enum ErrorKind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  // The link is not one of the route table's (named after `LinkError`'s cases).
  case notAURL = "not-a-url"
  case wrongScheme = "wrong-scheme"
  case missingRoute = "missing-route"
  case unknownRoute = "unknown-route"
  case unexpectedPath = "unexpected-path"
  case unexpectedFragment = "unexpected-fragment"
  case malformedPercentEscape = "malformed-percent-escape"
  case invalidUTF8 = "invalid-utf8"
  case unknownParameter = "unknown-parameter"
  case missingParameter = "missing-parameter"
  case duplicateParameter = "duplicate-parameter"
  case missingValue = "missing-value"
  case invalidValue = "invalid-value"
  /// Not a request: invalid JSON, an unknown `op`, a missing field, a NUL byte, bad UTF-8.
  case badRequest = "bad-request"
  /// The request's deadline passed before the app read it; nothing was applied.
  case expired
  /// The app's handler refused a link it understood, with a reason; nothing was applied.
  case refused
  /// A release build, where debug links do not exist.
  case debugLinksDisabled = "debug-links-disabled"
  /// The request line is longer than the app accepts; the connection is closed.
  case lineTooLong = "line-too-long"
  /// The client runs as another user than the app; the connection is closed.
  case permissionDenied = "permission-denied"
  /// The link was built from another route table than the app's (the request's `table`
  /// fingerprint is not the app's `version`); nothing was applied. The reply's `version` is the
  /// app's, so the client fetches that table, builds the link again and resends it.
  case staleTable = "stale-table"

  /// The wire name, ``rawValue``.
  package var description: String { rawValue }
}
