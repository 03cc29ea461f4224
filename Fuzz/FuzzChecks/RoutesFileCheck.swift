import DeepLinkCommand
import DeepLinkRoutes

/// The routes file loader's properties, for `fuzz-routes-file` and its regression tests.
public enum RoutesFileCheck {
  /// Loads `bytes` as a routes file. A file accepted exports (`routes --json`) to a file that
  /// loads back to the same table; a file refused gets a message naming the file.
  ///
  /// - Returns: `nil`, or the property that failed.
  public static func check(_ bytes: [UInt8]) -> String? {
    let contents: RoutesFileContents
    do {
      contents = try RoutesFile.contents(from: bytes, file: "fuzz.routes.json")
    } catch {
      return error.message.contains("fuzz.routes.json")
        ? nil : "a refusal without the file's name: \(error.message)"
    }
    let exported = RoutesFormatter.text(.json, table: contents.table, androidPackage: contents.androidPackage)
    do {
      let again = try RoutesFile.contents(from: Array(exported.utf8), file: "exported.routes.json")
      guard again.table.version == contents.table.version, again.table.scheme == contents.table.scheme,
        again.table.routes.map(\.name) == contents.table.routes.map(\.name),
        again.androidPackage == contents.androidPackage
      else { return "the exported file loads as another table:\n\(exported)" }
      return nil
    } catch {
      return "the exported file is refused: \(error.message)\n\(exported)"
    }
  }
}
