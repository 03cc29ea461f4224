/// Who the command-line tool is: `deeplink`, or a tool built with ``DeepLinkTool`` for one app
/// (`shop`). Help, errors, examples, completion scripts and the man page say its ``name``
/// wherever they name the tool.
///
/// A plain value, made once by ``DeepLinkTool`` for the whole invocation and carried by
/// ``CommandContext``; whatever writes a message that names the tool takes it as a parameter, so
/// that several tools run side by side in one process (tests) and each names itself:
///
///     ToolIdentity(name: "shop", readsRoutesFiles: false).identifier  // "shop"
package struct ToolIdentity: Hashable, Sendable {
  /// The tool's name, as typed in a shell: `deeplink`, `shop`.
  package var name: String
  /// The app's bundle identifier on a simulator, when the tool knows it (its own, or the
  /// routes file's `ios.bundleId`), for help's examples.
  package var bundleID: String?
  /// The command that starts the app (``DeepLinkTool``'s `appCommand`), if the tool knows it.
  package var appCommand: String?
  /// Whether the tool reads routes files (``DeepLinkTool``'s `readsRoutesFiles`): when it does
  /// not, its help, man page and completion scripts never mention `--routes`,
  /// `DEEPLINK_ROUTES` or `deeplink.routes.json`.
  package var readsRoutesFiles: Bool

  /// `deeplink` with nothing else known: reads routes files, knows no app command or bundle id.
  package static let deeplink = ToolIdentity(name: "deeplink")

  package init(
    name: String, bundleID: String? = nil, appCommand: String? = nil, readsRoutesFiles: Bool = true
  ) {
    self.name = name
    self.bundleID = bundleID
    self.appCommand = appCommand
    self.readsRoutesFiles = readsRoutesFiles
  }

  /// The bundle identifier help's examples show: the app's, else a placeholder.
  package var exampleBundleID: String { bundleID ?? "com.example.MyApp" }

  /// How to start the app listening on `path`, for a message that found none: the tool's
  /// ``appCommand`` when it has one (`` `deeplink-app --socket PATH &` ``), else in words.
  package func startHint(socket path: String) -> String {
    if let appCommand { return "start one with `\(appCommand) --socket \(ShellQuoting.quote(path)) &`" }
    return "start the app with its agent listening on that socket"
  }

  /// The name as a shell identifier, for completion functions: `shop-links` → `shop_links`.
  package var identifier: String {
    String(
      String.UnicodeScalarView(
        name.unicodeScalars.map { scalar in
          (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) ? scalar : "_"
        }))
  }
}
