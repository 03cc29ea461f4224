import DeepLinkCommand
import DeepLinkRoutes
import DeepLinkWire

/// The routes file loader's properties, for `fuzz-routes-file` and its regression tests.
public enum RoutesFileCheck {
  /// Loads `bytes` as a routes file. A file accepted exports (`routes --json`) to a file that
  /// loads back to the same table; a file refused gets a message naming the file.
  ///
  /// - Returns: `nil`, or the property that failed.
  ///
  /// The same bytes go through the path of a table an app serves (``AppTable``): as a whole
  /// reply, and as the `table` of a reply claiming the version the file's routes give. A reply
  /// accepted has the version it claims and at most ``AppTable/maximumRoutes`` routes; a table
  /// the file decoder refuses is refused from an app too; a refusal names the app.
  public static func check(_ bytes: [UInt8]) -> String? {
    if let failure = checkAsReply(bytes) { return failure }
    let contents: RoutesFileContents
    do {
      contents = try RoutesFile.contents(from: bytes, file: "fuzz.routes.json")
    } catch {
      if let failure = checkAsTable(bytes, claiming: "0123456789abcdef", fileAccepted: false) {
        return failure
      }
      return error.message.contains("fuzz.routes.json")
        ? nil : "a refusal without the file's name: \(error.message)"
    }
    if let failure = checkAsTable(bytes, claiming: contents.table.version, fileAccepted: true) {
      return failure
    }
    let exported = RoutesFormatter.text(
      .json, table: contents.table, androidPackage: contents.androidPackage, tool: .deeplink)
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

  static let app = "/fuzz/app.sock"

  /// `bytes` as a whole reply to `{"op":"table"}`.
  static func checkAsReply(_ bytes: [UInt8]) -> String? {
    do {
      let contents = try AppTable.decode(reply: bytes, app: app)
      guard case .string(let claimed)? = try? JSON.parse(bytes)["version"], claimed == contents.table.version
      else { return "an app's table accepted with another version than it claims" }
      return contents.table.routes.count <= AppTable.maximumRoutes
        ? nil : "an app's table over the route limit"
    } catch {
      return error.message.contains(app)
        ? nil : "an app's table refused without the app's name: \(error.message)"
    }
  }

  /// `bytes` as the `table` of a reply claiming `version`; `fileAccepted` says whether the
  /// routes-file decoder accepted them.
  static func checkAsTable(_ bytes: [UInt8], claiming version: String, fileAccepted: Bool) -> String? {
    let reply = Array(#"{"ok":true,"version":"\#(version)","table":"#.utf8) + bytes + [UInt8(ascii: "}")]
    do {
      let contents = try AppTable.decode(reply: reply, app: app)
      guard fileAccepted else { return "an app's table accepted that the routes-file decoder refuses" }
      return contents.table.version == version ? nil : "an app's table accepted with another version"
    } catch {
      guard error.message.contains(app) else {
        return "an app's table refused without the app's name: \(error.message)"
      }
      guard fileAccepted else { return nil }
      // A sound file is refused from an app only for the app's limits, or a `version` of its
      // own that is not its fingerprint.
      switch error.problem {
      case .tooLarge, .tooManyRoutes, .versionsDisagree: return nil
      default: return "a sound table refused from an app: \(error.message)"
      }
    }
  }
}
