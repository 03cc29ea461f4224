package import DeepLinkRoutes

/// What `deeplink` was asked to do: the command line, parsed and checked against the route
/// table. Nothing here has touched the socket yet.
///
///     deeplink recipe --id 42         // .link(recipe, id 42)
///     deeplink url recipe --id 42     // .url(recipe, id 42)
///     deeplink open debug://settings  // .open(settings)
///     deeplink routes --markdown      // .routes(.markdown)
///     deeplink batch steps.txt        // .batch(path: "steps.txt")
///     deeplink check-release X.ipa    // .checkRelease(paths: ["X.ipa"], expectRegistered: false)
package enum Command: Hashable, Sendable {
  /// Send the link, wait for the acknowledgement, print the screen (or the state with `--json`).
  case link(Link)
  /// Print the link's URL; no app needed.
  case url(Link)
  /// Send a raw URL, already checked against the table (with `--dry-run`, print its canonical
  /// URL instead, no app needed).
  case open(Link)
  /// Print the route table.
  case routes(RoutesFormat)
  /// Print the app's current state.
  case state
  /// Print the app's current screen.
  case screen
  /// Return as soon as an app is listening; with `pid` (`--pid`), fail as soon as that
  /// process has exited.
  case wait(pid: Int32?)
  /// Start the simulator app the bundle id names (`relaunch`: in a new process), then wait
  /// for its agent.
  case launch(relaunch: Bool)
  /// Serve the route table as MCP tools on standard input and output until end of input.
  /// `pictures`: `--pictures`, a route tool's result also carries a picture of the screen;
  /// `settling`: how each picture waits for the screen to stop changing.
  case mcp(pictures: Bool, settling: Settling = Settling())
  /// Send one link per line of a file; `nil` reads standard input (also for `-`).
  case batch(path: String?)
  /// Record every route's screen (or a scenario's), or check them against a recording.
  case tour(TourRequest)
  /// Save a screenshot of a simulator or Android device to a file (`screen --png FILE`), taken
  /// once the screen stopped changing (`settling`).
  case screenshot(path: String, settling: Settling = Settling())
  /// List what links can go to now.
  case targets
  /// Pre-approve the table's scheme on a simulator for the app (`--bundle-id`, or where
  /// ``DeepLinkTool/bundleID(_:)`` finds it).
  case approve
  /// Check that the builds at `paths` do not register the table's scheme (with
  /// `expectRegistered`, that they do).
  case checkRelease(paths: [String], expectRegistered: Bool)
  /// Print a completion script.
  case completions(shell: CompletionShell)
  /// Print help, to stdout, exit 0.
  case help(HelpTopic)
  /// Print ``DeepLinkVersion/string(table:)``.
  case version
  /// The hidden completion callback, `deeplink __complete ARGS...`: the arguments after it,
  /// untouched, for the completion scripts. Not shown in help.
  case complete([String])
}

/// What `deeplink tour` was asked: record into `out`, or check against `check` (writing the
/// new tour to `out`, else a temporary directory), visiting `scenario`'s links or every route.
package struct TourRequest: Hashable, Sendable {
  package var out: String?
  package var scenario: String?
  package var check: String?
  /// `--tolerance N` and `--settle-timeout SECONDS`: how each picture waits for the screen to
  /// stop changing (``Settling``).
  package var settling = Settling()
  /// `--tolerance N`: the largest channel difference of two pixels that still match, 0–255
  /// (``PictureComparison``): for a check, and for two screenshots in a row.
  package var tolerance: Int { settling.pixelTolerance }
  /// `--settle SECONDS`: how long to wait after each link before its picture.
  package var settle: Double? = nil
  /// `--keep-status-bar`: leave a simulator's status bar as it is.
  package var keepStatusBar: Bool = false
}

/// The output of `deeplink routes`.
package enum RoutesFormat: String, Hashable, Sendable, CaseIterable {
  /// An aligned table for people.
  case table
  /// `--json`: for machines.
  case json
  /// `--markdown`: a route reference for a README.
  case markdown
}

/// A shell `deeplink completions` can write a script for.
package enum CompletionShell: String, Hashable, Sendable, CaseIterable {
  case bash
  case zsh
  case fish
}

/// What a help page is about.
package enum HelpTopic: Hashable, Sendable {
  /// `deeplink`, `deeplink help`, `deeplink --help`.
  case topLevel
  /// `deeplink help batch`, `deeplink batch --help`.
  case command(BuiltInCommand)
  /// `deeplink help recipe`, `deeplink recipe --help`, `deeplink url recipe --help`.
  case route(Route)
}

/// A parsed command line: the command and the global options that came with it.
package struct Invocation: Hashable, Sendable {
  package var command: Command
  package var options: GlobalOptions

  package init(_ command: Command, options: GlobalOptions = GlobalOptions()) {
    self.command = command
    self.options = options
  }
}
