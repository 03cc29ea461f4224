package import DeepLinkRoutes

/// The version `deeplink --version` prints.
package enum DeepLinkVersion {
  /// The release of the package.
  package static let number = "0.1.0"

  /// `deeplink 0.1.0 (route table 1a2b3c4d5e6f7a8b)`: the release and the fingerprint of the
  /// table it was built with, which the app reports too.
  package static func string(table: RouteTable) -> String {
    "deeplink \(number) (route table \(table.version))"
  }
}
