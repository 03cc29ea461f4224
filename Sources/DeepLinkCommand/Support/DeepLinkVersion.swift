package import DeepLinkRoutes
import DeepLinkWire

/// The version `deeplink --version` prints.
package enum DeepLinkVersion {
  /// The release of the package, shared with `deeplink-app`.
  package static var number: String { PackageVersion.number }

  /// `deeplink 0.1.0 (route table 1a2b3c4d5e6f7a8b)`: the release and the fingerprint of the
  /// table it was built with, which the app reports too.
  package static func string(table: RouteTable) -> String {
    "deeplink \(number) (route table \(table.version))"
  }
}
