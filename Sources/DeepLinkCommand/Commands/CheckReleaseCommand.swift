import DeepLinkRoutes
import DeepLinkWire

/// `deeplink check-release`: Check that a release build has no debug scheme and no agent.
struct CheckReleaseCommand: ToolCommand, Equatable {
  static let name = "check-release"
  static let synopsis = "<path>... [--expect-registered]"
  static let summary = "Check that a release build has no debug scheme and no agent"

  static let operands = CommandOperands.many("check-release takes paths", completion: .path)

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    "Reads what a build ships and fails when it registers the table's scheme "
      + "(compared without regard to case, as URL schemes are) or when an app's executable "
      + "carries the deeplink agent: the release gate of a build pipeline. A path is an app "
      + "bundle (Info.plist at its root or in Contents/), an .xcarchive (every app under "
      + "Products/Applications), an .ipa (Payload/<name>.app/Info.plist, read from the zip's "
      + "directory without unpacking it), an Info.plist (XML or binary) or an Android manifest "
      + "(the merged AndroidManifest.xml of a build). For an app, .ipa or .xcarchive, the "
      + "executable its CFBundleExecutable names is read whole, streaming, for the agent's "
      + "marker; it must be a file inside the bundle, never reached through a symbolic link. "
      + "Each file read gets one line: where the scheme is registered (CFBundleURLTypes[1]."
      + "CFBundleURLSchemes[0], or the manifest's line and activity), or that it is not; each "
      + "executable one more. Exit 0 when no path registers the scheme or links the agent, 1 "
      + "when one does, 66 when a path cannot be read (missing, truncated, not a plist, a "
      + "broken zip, an executable missing, outside the bundle or a link). --expect-registered "
      + "checks a debug build instead: exit 1 when the scheme is missing (the agent may be "
      + "there). --json prints one object with 'failed' (scheme, agent), 'files' and "
      + "'unreadable'. See docs/release-builds.md."
  }

  static var options: [CommandOption] {
    [
      CommandOption(
        Self.expectRegisteredFlag,
        help: "Check a debug build: fail (exit 1) when the scheme is not registered"),
      CommandOption(.json, help: "Print the report as one JSON object"),
    ]
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    return [
      (
        "\(tool.name) check-release build/Release-iphoneos/MyApp.app",
        "exits 1, naming the place, if the release build registers \(table.scheme):// or links the agent"
      ),
      (
        "\(tool.name) check-release --expect-registered MyApp-Debug.ipa",
        "exits 1 if the debug build does not"
      ),
    ]
  }

  /// `--expect-registered`.
  static let expectRegisteredFlag = "--expect-registered"

  /// The builds to read.
  let paths: [String]
  /// `--expect-registered`: check a debug build instead.
  let expectRegistered: Bool

  init(paths: [String], expectRegistered: Bool = false) {
    self.paths = paths
    self.expectRegistered = expectRegistered
  }

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {
    guard !arguments.words.isEmpty else {
      throw .missingArgument(
        Self.name, what: "a path: an .app, .xcarchive, .ipa, Info.plist or AndroidManifest.xml")
    }
    paths = arguments.words
    expectRegistered = arguments.has(Self.expectRegisteredFlag)
  }

  /// `check-release PATH…`: reads each path's Info.plist or Android manifest and checks that
  /// the table's scheme is not registered (with `expectRegistered`, that it is), printing one
  /// line per file (with `--json`, one object) and failing with exit 1 (found, or missing) or
  /// 66 (a path that cannot be read).
  func run(in context: CommandContext) throws {
    var report = ReleaseCheckReport(scheme: context.table.scheme, expectRegistered: expectRegistered)
    for path in paths {
      do {
        report.files += try ReleaseArtifact.files(at: path)
      } catch {
        report.unreadable.append(error)
      }
    }
    try context.write(context.options.json ? report.json.pretty + "\n" : report.text)
    if let failure = report.failure { throw failure }
  }
}
