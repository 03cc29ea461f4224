/// The output of `deeplink routes`.
package enum RoutesFormat: String, Hashable, Sendable, CaseIterable {
  /// An aligned table for people.
  case table
  /// `--json`: for machines.
  case json
  /// `--markdown`: a route reference for a README.
  case markdown
}
