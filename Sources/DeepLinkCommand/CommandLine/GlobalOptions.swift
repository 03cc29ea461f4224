import DeepLinkWire

/// The options every command takes, before or after the subcommand.
///
///     deeplink --socket /tmp/app.sock recipe --id 42 --json
///     // socket "/tmp/app.sock", json true
package struct GlobalOptions: Hashable, Sendable {
  /// `--socket PATH`: the app's socket; `nil` means `DEEPLINK_SOCKET` or the default path.
  package var socket: String?
  /// `--timeout SECONDS`: a decimal number in ``timeoutRange`` (``seconds(_:)``); `nil` means
  /// ``defaultTimeout``.
  package var timeout: Double?
  /// `--json`: print JSON instead of text.
  package var json: Bool
  /// `--quiet`: print nothing on success.
  package var quiet: Bool
  /// `--target VALUE`: where links go; `nil` means `DEEPLINK_TARGET` or the app.
  package var target: DeliveryTarget?
  /// `--package NAME`: the Android app that must handle the link (an explicit intent).
  package var package: String?
  /// `--bundle-id ID`: with a simulator target, the app whose agent gets the link (its
  /// bundle identifier, already checked); `nil` means `DEEPLINK_BUNDLE_ID`, the routes file's
  /// `ios.bundleId` or the tool's own.
  package var bundleID: String?
  /// `--dry-run`: print the commands that would deliver the link, run nothing.
  package var dryRun: Bool
  /// `--keep`: after the link, stay and apply it again each time the app comes back.
  package var keep: Bool
  /// `--routes FILE`: the routes file; `nil` means `DEEPLINK_ROUTES`, a `deeplink.routes.json`
  /// found from the current directory, or the built-in table (``TableSource``).
  package var routes: String?

  package init(
    socket: String? = nil, timeout: Double? = nil, json: Bool = false, quiet: Bool = false,
    target: DeliveryTarget? = nil, package: String? = nil, bundleID: String? = nil, dryRun: Bool = false,
    routes: String? = nil, keep: Bool = false
  ) {
    self.keep = keep
    self.bundleID = bundleID
    self.socket = socket
    self.timeout = timeout
    self.json = json
    self.quiet = quiet
    self.target = target
    self.package = package
    self.dryRun = dryRun
    self.routes = routes
  }

  /// Milliseconds of `--timeout` already spent before the command ran (asking the app for its
  /// table), which ``timeoutMilliseconds`` leaves out: a slow app costs `--timeout` once.
  package var spentMilliseconds = 0

  /// `--timeout`, or ``defaultTimeout``, in milliseconds, less what was spent before the
  /// command ran (at least 1): what deadlines are made of.
  package var timeoutMilliseconds: Int {
    max(1, Int((timeout ?? Self.defaultTimeout) * 1000) - spentMilliseconds)
  }

  /// Seconds to wait for the app when `--timeout` is not given.
  package static let defaultTimeout: Double = 5
  /// Seconds a simulator or Android target's commands may take when `--timeout` is not
  /// given: `am start -W` waits for a cold app launch, which takes seconds on an emulator.
  package static let defaultDeviceTimeout: Double = 30
  /// From a millisecond to a day: longer is a mistake, and would overflow the deadline.
  ///
  /// `0` is refused rather than meaning "do not wait": every request needs some time for the
  /// app's answer, and a link sent with a deadline of now would be dropped by the app as
  /// expired. A quick probe is `deeplink wait --timeout 0.1`.
  package static let timeoutRange: ClosedRange<Double> = 0.001...86_400

  /// What `--timeout` takes, for its error message.
  package static let timeoutRule = "decimal seconds from 0.001 to 86400, such as 5 or 0.5 (0 is refused)"

  /// `text` as seconds: decimal digits with an optional fraction (`5`, `0.5`, `.5`), in
  /// ``timeoutRange``; `nil` for anything else: a sign, an exponent, `0x10`, `inf`, `nan`,
  /// spaces, or a number out of range.
  package static func seconds(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    let dot = UInt8(ascii: ".")
    let parts = bytes.split(separator: dot, maxSplits: 1, omittingEmptySubsequences: false)
    let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
    guard parts.allSatisfy({ $0.allSatisfy(isDigit) }), parts.contains(where: { !$0.isEmpty }),
      parts.count == 1 || !parts[1].isEmpty, bytes.filter({ $0 == dot }).count <= 1,
      let seconds = Double(text), timeoutRange.contains(seconds)
    else { return nil }
    return seconds
  }
}

/// The global options as declared once, for parsing and help.
package enum GlobalOption: String, CaseIterable, Hashable, Sendable {
  case socket
  case timeout
  case json
  case quiet
  case target
  case package
  case bundleID = "bundle-id"
  case dryRun = "dry-run"
  case keep
  case routes
  case help
  case version

  /// The option as typed: `--socket`.
  package var flag: String { "--" + rawValue }

  /// The options help, the man page and completion offer: all, but `--routes` only in a tool
  /// that reads routes files (``ToolIdentity/readsRoutesFiles``).
  static func offered(by tool: ToolIdentity) -> [GlobalOption] {
    tool.readsRoutesFiles ? allCases : allCases.filter { $0 != .routes }
  }

  /// `-h`, the one short spelling: of ``help``.
  package static let helpShortFlag = "-h"

  /// Every spelling: `["-h", "--help"]`, `["--socket"]`.
  package var spellings: [String] { self == .help ? [Self.helpShortFlag, flag] : [flag] }

  /// Whether the option shows something instead of running the command at hand (`--help`,
  /// `--version`), rather than changing how it runs (`--socket`, `--json`).
  package var replacesCommand: Bool {
    switch self {
    case .help, .version: true
    case .socket, .timeout, .json, .quiet, .target, .package, .bundleID, .dryRun, .keep, .routes: false
    }
  }

  /// The placeholder of its value, or `nil` for a flag.
  package var valueName: String? {
    switch self {
    case .socket: "path"
    case .timeout: "seconds"
    case .target: "target"
    case .package: "name"
    case .bundleID: "id"
    case .routes: "file"
    case .json, .quiet, .dryRun, .keep, .help, .version: nil
    }
  }

  /// How help shows it: `--socket <path>`, `-h, --help`.
  package var synopsis: String {
    let long = flag + (valueName.map { " <\($0)>" } ?? "")
    return self == .help ? Self.helpShortFlag + ", " + long : long
  }

  /// One line for help text, as `tool` says it.
  package func help(for tool: ToolIdentity) -> String {
    switch self {
    case .socket:
      "The app's socket (default: \(SocketPath.searchOrder))"
    case .timeout:
      "How long to wait for the app, in decimal seconds from 0.001 to 86400 (default: "
        + "\(Self.formatted(GlobalOptions.defaultTimeout)); "
        + "\(Self.formatted(GlobalOptions.defaultDeviceTimeout)) with a simulator, device or android target; 0 is refused)"
    case .json: "Print JSON instead of text, and errors as one JSON object on stderr"
    case .quiet: "Print nothing on stdout, whatever the command; errors still go to stderr"
    case .target:
      "Where links go: app (the socket, default), simulator[:DEVICE], device[:ID] (an iPhone or "
        + "iPad), android[:SERIAL]; "
        + "'\(tool.name) targets' lists them"
    case .package: "With an android target: the app that must open the link (an explicit intent)"
    case .bundleID:
      "With a simulator target: the app whose agent gets the link and answers (default: "
        + "$\(DeviceBridge.bundleIDVariable.name), else the routes file's ios.bundleId, else the one app "
        + "whose agent answers there); with a device target: the app devicectl opens the link in; "
        + "approve: the app"
    case .dryRun:
      "Print the commands that would deliver the link, one per line; run nothing (open: its canonical URL)"
    case .keep:
      "With a route or open: stay after the link, and apply it again each time the app comes back "
        + "(it restarted, or was rebuilt and relaunched); Ctrl-C ends it, exit 0"
    case .routes:
      "The routes file (default: $\(RoutesFile.environmentVariable.name), else "
        + "\(RoutesFile.fileName) in this directory or the nearest parent, else the built-in table)"
    case .help: "Show help for the command at hand"
    case .version: "Print the version"
    }
  }

  /// `5.0` as `5`, `0.5` as `0.5`.
  static func formatted(_ seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
  }
}
