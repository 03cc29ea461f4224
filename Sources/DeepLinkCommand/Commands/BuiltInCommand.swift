import Pictures

/// The commands of `deeplink` that are not routes, declared once for parsing and help.
///
/// Every name here is in `DeepLinkTool.reservedRouteNames`, so no route can take it
/// (``DeepLinkTool/problems`` reports one that does).
/// The hidden completion callback, ``completeCallback``, is not one of them: it is not shown
/// in help and not offered by completion.
package enum BuiltInCommand: String, CaseIterable, Hashable, Sendable {
  case url
  case open
  case routes
  case state
  case screen
  case wait
  case launch
  case batch
  case tour
  case targets
  case approve
  case mcp
  case checkRelease = "check-release"
  case completions
  case help
  case version

  /// The hidden command the completion scripts call back: `deeplink __complete ARGS...`.
  package static let completeCallback = "__complete"

  package var name: String { rawValue }

  /// What follows the name in a usage line (global options aside).
  package var synopsis: String {
    switch self {
    case .url: "<route> [--<option> <value>...]"
    case .open: "<url>"
    case .routes: "[--json | --markdown]"
    case .state: "[--json]"
    case .screen: "[--png <file>]"
    case .wait: "[--timeout <seconds>] [--pid <pid>]"
    case .launch: "--bundle-id <id> [--relaunch]"
    case .batch: "[<file> | -]"
    case .tour: "(--out | --check) <dir> [--scenario <file>]"
    case .targets: "[--json]"
    case .approve: "--bundle-id <id>"
    case .mcp: ""
    case .checkRelease: "<path>... [--expect-registered]"
    case .completions: "<bash | zsh | fish>"
    case .help: "[<command> | <route>]"
    case .version: ""
    }
  }

  /// One line, no trailing period.
  package var summary: String {
    switch self {
    case .url: "Print the URL of a link without sending it"
    case .open: "Send a raw debug URL, checked against the route table first"
    case .routes: "List the routes, as a table, JSON or Markdown"
    case .state: "Print the app's current state"
    case .screen: "Print the app's current screen"
    case .wait: "Wait until an app is listening"
    case .launch: "Start an app on a simulator and wait until its agent answers"
    case .batch: "Send one link per line, all over one connection"
    case .tour: "Record every screen, or check them against a recording"
    case .targets: "List the app, simulators, iPhones and Android devices to send links to"
    case .approve: "Let a simulator open the links in an app without asking"
    case .mcp: "Serve the routes as tools to coding agents (MCP)"
    case .checkRelease: "Check that a release build has no debug scheme and no agent"
    case .completions: "Print a shell completion script"
    case .help: "Show help for a command or a route"
    case .version: "Print the version"
    }
  }

  /// Paragraphs for `deeplink help <command>`, separated by blank lines.
  package var details: String {
    switch self {
    case .url:
      "Builds the link exactly as the route command would, and prints its URL instead of sending "
        + "it. No app is needed. The route's options are those of '\(ToolName.current) help <route>'."
    case .open:
      "Sends a URL as written, for links copied from elsewhere. The URL is checked against the "
        + "route table first: a link the table does not know is a usage error and is not sent. "
        + "The app gets the link's canonical form (DEBUG://Recipe/?id=042 goes as "
        + "debug://recipe?id=42); --dry-run prints that form and sends nothing, no app needed. "
        + "Put '--' before a URL that starts with a dash."
    case .routes:
      "Lists every route of the table with its options, after a line naming the table and "
        + "where it came from. --json gives the scheme, the table's version and each route's "
        + "name, summary, help and parameters (name, type, required, default, choices, range, "
        + "help); --markdown gives a route reference for a README.\n\n"
        + (ToolName.readsRoutesFiles
          ? ""
          : "The --json output is the format of the routes files the generic deeplink reads, "
            + "to send this tool's links without it.")
        + (!ToolName.readsRoutesFiles
          ? ""
          : "The --json output is also the format of a routes file, which gives deeplink the "
            + "routes of an app it was not built with: --routes FILE, else $DEEPLINK_ROUTES, else "
            + "deeplink.routes.json in the current directory or the nearest parent, else the "
            + "built-in table. In a routes file 'version' is recomputed, never read; 'scheme' "
            + "(default debug), 'summary', 'help', 'parameters', 'required' and 'default' may be "
            + "left out (a boolean without a default is a flag, false unless given; 'required' "
            + "is true when there is no default); 'choices' is for type choice, 'range' "
            + "({\"min\": 1, \"max\": 99}) for type integer. An unknown key, type or name, a "
            + "duplicate, or a default outside its range or choices is an error (exit 64) naming "
            + "the file and the place in it.")
    case .state:
      "Asks the running app for its state: the navigation stack, the debug overrides in force "
        + "and the screen. With --json, one JSON object with 'path', 'overrides' and 'screen'."
    case .screen:
      "Asks the running app for its visible screen, as text: the headless stand-in for a "
        + "screenshot. With a simulator or android --target, --png <file> saves a real "
        + "screenshot instead (xcrun simctl io <UDID> screenshot; adb exec-out screencap -p), "
        + "taken once the screen stopped changing: screenshots until two in a row match within "
        + "--tolerance, for at most --settle-timeout seconds (default "
        + "\(GlobalOption.formatted(Settling.defaultTimeout))); one that never settles is saved all the same, "
        + "with a warning. The text screen needs the app's agent, which a device target does not have."
    case .wait:
      "Returns as soon as an app is listening on the socket, for CI jobs that start the app in "
        + "the background. Exits 75 when --timeout runs out first. With a simulator or android "
        + "--target, waits until the device has booted and is ready (xcrun simctl bootstatus; "
        + "adb wait-for-device, then sys.boot_completed). With a simulator --target and a bundle "
        + "id (--bundle-id, $DEEPLINK_BUNDLE_ID or the routes file's ios.bundleId), waits instead "
        + "until that app's deeplink agent answers on the simulator, for an app that is starting."
    case .launch:
      "Starts the app with this bundle id on a simulator (xcrun simctl launch <UDID> <id>), then "
        + "waits as 'wait --bundle-id' does until its deeplink agent answers, and prints the app "
        + "it reached; with --json, 'socket', 'bundleId', 'simulatorUdid' and 'pid'. With "
        + "--relaunch, a running app is stopped first (--terminate-running-process), so that the "
        + "app starts from a fresh process: a clean state for a test or a screenshot run. The "
        + "bundle id also comes from $DEEPLINK_BUNDLE_ID or the routes file's ios.bundleId; the "
        + "target is the one booted simulator unless --target names one. Exits 75 when the "
        + "agent does not answer within --timeout (default 30), 69 at once when the app's "
        + "process exits first or the app is not installed."
    case .batch:
      "Reads links from a file, or from standard input when the file is '-' or left out, and "
        + "sends them one by one over one connection, each waiting for its acknowledgement. A "
        + "line is a route in command-line form (with shell-like quoting) or a URL; blank lines "
        + "and lines starting with '#' are skipped. Every line is checked before the first is "
        + "sent. The batch stops at the first failure, names its line number, and exits with "
        + "that failure's code."
    case .tour:
      """
      Visits every route of the table once, in table order, with the first example of \
      '\(ToolName.current) help <route>' (or, with --scenario, the links of a file in batch's \
      format, checked whole before anything is sent; a '# name: NAME' comment names the link \
      below it). Each link is sent and acknowledged, then its screen and state are recorded in \
      --out DIR: 01-settings.txt, 01-settings.json, …, the manifest tour.json (each entry's \
      name, url, command and files) and index.html, one page showing every screen (no network, \
      no script). An earlier tour in DIR is replaced; any other non-empty directory is \
      refused.

      --check DIR tours again and compares with the recording in DIR, which it never modifies: \
      exit 0 when every entry matches, 1 when a screen or state changed or an entry is new or \
      missing (each named on stderr, a changed screen with a unified diff), 66 when the \
      recording cannot be read. The new tour and its page, differences first, go to --out DIR, \
      else to a new temporary directory it names. A check never records: record again with \
      --out when a change is meant.

      With --target simulator, where the app's deeplink agent acknowledges each link, each \
      entry also gets a picture (xcrun simctl io <UDID> screenshot) taken after the \
      acknowledgement once the screen stopped changing (screenshots until two in a row match \
      within --tolerance, for at most --settle-timeout seconds, default \
      \(GlobalOption.formatted(Settling.defaultTimeout)); a screen that never settles keeps its \
      last picture, marked in tour.json, on the page and on stderr, and the recording still \
      succeeds), with the status bar set to \(DeepLinkTool.statusBarTime) and full bars \
      before the first and cleared after the last, also on failure or interrupt \
      (--keep-status-bar leaves it alone). An app that cannot acknowledge (no agent on the \
      simulator; Android, through adb exec-out screencap -p) is refused unless --settle \
      SECONDS says how long to wait after each link before its picture; tour.json and the page \
      say so. An iPhone or iPad (--target device) is refused: devicectl takes no screenshot, \
      and the app there cannot acknowledge. --check compares pictures by their decoded pixels, not their bytes: two pixels \
      match when no channel (red, green, blue, alpha) differs by more than --tolerance N of \
      \(PictureComparison.maximumTolerance) (default 0); a changed picture gets an image \
      marking the pixels that differ (NN-name.diff.png). Pictures are embedded in the page, \
      which stays one file.

      Progress ([3/12] recipe) goes to stderr when it is a terminal, unless --quiet; --json \
      prints one line per entry as it completes.
      """
    case .targets:
      "Lists what links can go to now, each with the --target value that selects it: the app if "
        + "one answers on the socket, the booted iOS Simulators (through xcrun simctl) and each app "
        + "whose agent answers there, the iPhones and iPads that can be reached (through xcrun "
        + "devicectl) and the Android emulators and devices ready for commands (through adb). A tool "
        + "that is not installed lists nothing. With --json, an array of objects with 'target', "
        + "'kind' (app, simulator, device, android), 'name' and 'id' (the socket, UDID, device "
        + "identifier or serial). On a simulator, the "
        + "first link of a custom scheme stops at an \"Open in <App>?\" prompt while simctl reports "
        + "success: run '\(ToolName.current) approve --bundle-id <id>' once per simulator."
    case .approve:
      "Pre-approves the table's scheme for the app with this bundle id on a simulator, so that "
        + "links open without the \"Open in <App>?\" prompt: runs xcrun simctl spawn <UDID> "
        + "defaults write com.apple.launchservices.schemeapproval "
        + "\"com.apple.CoreSimulator.CoreSimulatorBridge--><scheme>\" -string <id>. The target is "
        + "the one booted simulator unless --target (or DEEPLINK_TARGET) names one."
    case .mcp:
      "Runs a Model Context Protocol server on standard input and output, for coding agents: "
        + "every route is a tool whose arguments are the route's options, typed and checked as "
        + "on the command line, and whose result is the screen and the state the app then "
        + "shows. The tools 'state' and 'screen' read without changing anything; 'open_url' "
        + "sends a raw URL. The server runs until its input ends, and takes its table and its "
        + "target as every other command does: "
        + (ToolName.readsRoutesFiles ? "--routes (or a routes file found), " : "") + "--socket, "
        + "--timeout, --target (on a simulator or device, a tool says where its link went, with "
        + "no state, and 'screenshot' returns a PNG of the screen). With --pictures and a simulator "
        + "or Android target, each route tool's result also carries a picture of the screen taken "
        + "once the app acknowledged the link (on Android, once it was delivered) and the screen "
        + "stopped changing (--settle-timeout, --tolerance; a result says when it did not), as MCP image "
        + "content scaled to at most \(McpPicture.longestSide) pixels on its longer side and \(McpPicture.maximumBytes / 1000) kB of PNG (under 1 MB once base64-encoded). Configure an "
        + "agent with the command 'deeplink mcp'; see README.md."
    case .checkRelease:
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
    case .completions:
      "Prints a completion script for the shell, generated from the route table, so that "
        + "routes, options and their values complete with Tab. Load it from your shell's "
        + "start-up file, as below."
    case .help:
      "Shows the help of a command or a route; without one, the overview. '-h' or '--help' "
        + "after any command shows the same page."
    case .version:
      "Prints the version of \(ToolName.current) and the fingerprint of its route table, which the app "
        + "reports too: when they differ, the two were built from different tables."
    }
  }

  /// `--markdown`, an option of ``routes`` that is not global.
  package static let markdownFlag = "--markdown"
  /// `--pid <pid>`, an option of ``wait`` that is not global.
  package static let pidFlag = "--pid"
  /// `--relaunch`, of ``launch``.
  package static let relaunchFlag = "--relaunch"

  /// An option with a meaning of its own for a command, for help and completion.
  package struct Option: Hashable, Sendable {
    /// As typed: `--json`.
    package let flag: String
    /// As help shows it: `--timeout <seconds>`.
    package let synopsis: String
    package let help: String

    /// A global option, with what it means for this command.
    init(_ option: GlobalOption, help: String) {
      self.flag = option.flag
      self.synopsis = option.synopsis
      self.help = help
    }

    /// One of ``ownFlags``, or an option of its own with a value (`synopsis`).
    init(flag: String, synopsis: String? = nil, help: String) {
      self.flag = flag
      self.synopsis = synopsis ?? flag
      self.help = help
    }
  }

  /// Options with a meaning of their own for this command, for help (some are global).
  package var options: [Option] {
    switch self {
    case .routes:
      [
        Option(.json, help: "Print the routes as JSON"),
        Option(flag: Self.markdownFlag, help: "Print the route reference as Markdown"),
      ]
    case .state:
      [Option(.json, help: "Print the state as one JSON object")]
    case .screen:
      [
        Option(
          flag: Self.pngFlag, synopsis: Self.pngFlag + " <file>",
          help: "Save a screenshot of a simulator or Android device, once the screen stopped changing"),
        Self.settleTimeoutOption, Self.settleToleranceOption,
      ]
    case .wait:
      [
        Option(.timeout, help: "Give up after this many seconds, with exit code 75"),
        Option(
          flag: Self.pidFlag, synopsis: Self.pidFlag + " <pid>",
          help: "Fail at once, with exit code 69, when this process (the app started in the "
            + "background: $!) exits before it listens"),
        Option(.bundleID, help: "With a simulator --target: wait for this app's agent, not for the boot"),
      ]
    case .launch:
      [
        Option(.bundleID, help: "The app to start"),
        Option(flag: Self.relaunchFlag, help: "Stop the app first if it runs, so that it starts afresh"),
        Option(.target, help: "The simulator (default: the one booted)"),
        Option(.timeout, help: "How long to wait for the app's agent, with exit code 75 (default 30)"),
      ]
    case .open:
      [Option(.dryRun, help: "Print the canonical URL the app would get; send nothing, no app needed")]
    case .targets:
      [Option(.json, help: "Print the targets as a JSON array")]
    case .approve:
      [
        Option(.bundleID, help: "The app's bundle identifier"),
        Option(.target, help: "The simulator (default: the one booted)"),
      ]
    case .mcp:
      [
        Option(.timeout, help: "How long each tool call waits for the app"),
        Option(
          flag: Self.picturesFlag,
          help: "With a simulator or Android target: a picture of the screen with each route tool's result"),
        Self.settleTimeoutOption, Self.settleToleranceOption,
      ]
    case .checkRelease:
      [
        Option(
          flag: Self.expectRegisteredFlag,
          help: "Check a debug build: fail (exit 1) when the scheme is not registered"),
        Option(.json, help: "Print the report as one JSON object"),
      ]
    case .tour:
      [
        Option(
          flag: Self.outFlag, synopsis: Self.outFlag + " <dir>",
          help: "Record the tour in this directory (with --check: write the new tour there)"),
        Option(
          flag: Self.scenarioFlag, synopsis: Self.scenarioFlag + " <file>",
          help: "Visit the links of this file, in batch's format, instead of every route"),
        Option(
          flag: Self.checkFlag, synopsis: Self.checkFlag + " <dir>",
          help: "Compare with the recording in this directory; exit 1 on a difference"),
        Option(
          flag: Self.toleranceFlag, synopsis: Self.toleranceFlag + " <n>",
          help:
            "Pixels match when no channel differs by more than n of \(PictureComparison.maximumTolerance) (default 0): "
            + "in a check, and for two screenshots in a row to count as settled"
        ),
        Option(
          flag: Self.settleFlag, synopsis: Self.settleFlag + " <seconds>",
          help: "Wait this long after each link before its picture (needed where no agent acknowledges)"),
        Self.settleTimeoutOption,
        Option(
          flag: Self.keepStatusBarFlag,
          help: "On a simulator: leave the status bar alone (default: 9:41, full bars, then cleared)"),
        Option(.target, help: "A simulator or Android device, to record pictures too"),
        Option(.bundleID, help: "The simulator app whose agent acknowledges"),
        Option(.json, help: "Print one JSON line per entry"),
        Option(.quiet, help: "No progress and no summary"),
      ]
    case .url, .batch, .completions, .help, .version:
      []
    }
  }

  /// `--settle-timeout <seconds>`, as help shows it.
  static let settleTimeoutOption = Option(
    flag: settleTimeoutFlag, synopsis: settleTimeoutFlag + " <seconds>",
    help: "Take screenshots until two in a row match, at most this long (default "
      + "\(GlobalOption.formatted(Settling.defaultTimeout)); 0: one screenshot)")
  /// `--tolerance <n>` of ``screen`` and ``mcp``, as help shows it.
  static let settleToleranceOption = Option(
    flag: toleranceFlag, synopsis: toleranceFlag + " <n>",
    help: "Two screenshots match when no channel differs by more than n of "
      + "\(PictureComparison.maximumTolerance) (default 0)")

  /// `--expect-registered`, of ``checkRelease``.
  package static let expectRegisteredFlag = "--expect-registered"
  /// `--out <dir>`, `--scenario <file>` and `--check <dir>`, of ``tour``.
  package static let outFlag = "--out"
  package static let scenarioFlag = "--scenario"
  package static let checkFlag = "--check"
  /// `--tolerance <n>`, `--settle <seconds>` and `--keep-status-bar`, of ``tour``; the
  /// tolerance also of ``screen`` and ``mcp``, for settling.
  package static let toleranceFlag = "--tolerance"
  /// `--settle-timeout <seconds>`, of ``tour``, ``screen`` and ``mcp``: how long a picture
  /// waits at most for the screen to stop changing (``Settling``).
  package static let settleTimeoutFlag = "--settle-timeout"
  package static let settleFlag = "--settle"
  package static let keepStatusBarFlag = "--keep-status-bar"

  /// `--pictures`, of ``mcp``.
  package static let picturesFlag = "--pictures"

  /// `--png <file>`, of ``screen``.
  package static let pngFlag = "--png"

  /// Options this command takes besides the global ones, as typed (`--markdown`); all flags
  /// but ``ownValueFlags``.
  package var ownFlags: [String] {
    switch self {
    case .routes: [Self.markdownFlag]
    case .screen: [Self.pngFlag, Self.settleTimeoutFlag, Self.toleranceFlag]
    case .wait: [Self.pidFlag]
    case .launch: [Self.relaunchFlag]
    case .checkRelease: [Self.expectRegisteredFlag]
    case .mcp: [Self.picturesFlag, Self.settleTimeoutFlag, Self.toleranceFlag]
    case .tour:
      [
        Self.outFlag, Self.scenarioFlag, Self.checkFlag, Self.toleranceFlag, Self.settleFlag,
        Self.settleTimeoutFlag, Self.keepStatusBarFlag,
      ]
    default: []
    }
  }

  /// Those of ``ownFlags`` that take a value.
  package var ownValueFlags: [String] {
    switch self {
    case .screen: [Self.pngFlag, Self.settleTimeoutFlag, Self.toleranceFlag]
    case .wait: [Self.pidFlag]
    case .mcp: [Self.settleTimeoutFlag, Self.toleranceFlag]
    case .tour:
      [
        Self.outFlag, Self.scenarioFlag, Self.checkFlag, Self.toleranceFlag, Self.settleFlag,
        Self.settleTimeoutFlag,
      ]
    default: []
    }
  }

  /// What the command takes, to complete "unexpected argument 'x'; …".
  package var takes: String {
    switch self {
    case .url: "url takes a route and its options"
    case .open: "open takes one URL"
    case .batch: "batch takes at most one file"
    case .completions: "completions takes one shell"
    case .help: "help takes one command or route"
    case .checkRelease: "check-release takes paths"
    case .routes, .state, .screen, .wait, .launch, .tour, .targets, .approve, .mcp, .version:
      "\(name) takes no arguments"
    }
  }
}
