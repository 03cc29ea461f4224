/// The name the command-line tool runs under: `deeplink`, or the name a developer gave a tool
/// built with ``DeepLinkTool`` (`shop`). Help, errors, examples, completion scripts and the
/// man page say it wherever they name the tool.
///
/// A task-local value, set by ``DeepLinkTool/run(_:)`` for the whole invocation, so that the
/// formatters need no extra parameter and tests of several tools can run side by side.
enum ToolName {
  /// The tool's name; `deeplink` unless a ``DeepLinkTool`` set another.
  @TaskLocal static var current = "deeplink"
  /// The app's bundle identifier on a simulator, when the tool knows it (its own, or the
  /// routes file's `ios.bundleId`), for help's examples.
  @TaskLocal static var bundleID: String?

  /// The bundle identifier help's examples show: the app's, else a placeholder.
  static var exampleBundleID: String { bundleID ?? "com.example.MyApp" }

  /// The command that starts the app (``DeepLinkTool``'s `appCommand`), if the tool knows it.
  @TaskLocal static var appCommand: String?

  /// How to start the app listening on `path`, for a message that found none: the tool's
  /// `appCommand` when it has one (`` `deeplink-app --socket PATH &` ``), else in words.
  static func startHint(socket path: String) -> String {
    if let appCommand { return "start one with `\(appCommand) --socket \(ShellQuoting.quote(path)) &`" }
    return "start the app with its agent listening on that socket"
  }

  /// Whether the tool reads routes files (``DeepLinkTool``'s `readsRoutesFiles`): when it does
  /// not, its help, man page and completion scripts never mention `--routes`,
  /// `DEEPLINK_ROUTES` or `deeplink.routes.json`. Set with ``current``.
  @TaskLocal static var readsRoutesFiles = true

  /// The name as a shell identifier, for completion functions: `shop-links` → `shop_links`.
  static var identifier: String {
    String(
      String.UnicodeScalarView(
        current.unicodeScalars.map { scalar in
          (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) ? scalar : "_"
        }))
  }
}
