package import DeepLinkRoutes

/// What a routes file declares: its route table, and for `--target android` and
/// `--target simulator` the app that opens the links. `deeplink routes --json` prints both, so an exported file reads back the same.
package struct RoutesFileContents: Sendable {
  /// The file's table.
  package let table: RouteTable
  /// `android.package`: the application id of an explicit intent when `--package` is not
  /// given; `nil` when the file has none (and for the built-in table).
  package let androidPackage: String?
  /// `ios.bundleId`: the app whose agent gets links on a simulator target when `--bundle-id`
  /// and `DEEPLINK_BUNDLE_ID` are not given; `nil` when the file has none.
  package let iosBundleID: String?

  package init(table: RouteTable, androidPackage: String? = nil, iosBundleID: String? = nil) {
    self.table = table
    self.androidPackage = androidPackage
    self.iosBundleID = iosBundleID
  }
}
