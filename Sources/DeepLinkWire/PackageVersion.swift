/// The version of the deeplink package, shared by `deeplink` and `deeplink-app`.
package enum PackageVersion {
  package static let number = "0.1.0"
}
