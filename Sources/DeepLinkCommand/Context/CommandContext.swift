import DeepLinkRoutes
import DeepLinkWire

/// Everything a command runs with: the route table and where it came from, the global
/// options, where output goes, the environment, and the two services that reach an app: the
/// ``AppClient`` (over the app's socket) and the ``DeviceBridge`` (simulators, phones and
/// Android devices, through `xcrun` and `adb`).
struct CommandContext {
  /// The routes this run speaks.
  var table: RouteTable
  /// Where ``table`` came from: built in, or a routes file.
  var source: TableSource
  /// The tool's own table: what the completion scripts carry.
  let builtIn: RouteTable
  /// The routes file's `android.package`, if it has one.
  var androidPackage: String?
  /// The bundle id of the app on a simulator target: the routes file's `ios.bundleId`, else
  /// the tool's own, if any.
  var iosBundleID: String?
  /// The command line's global options (aimed at a simulator app's agent once one answers).
  var options: GlobalOptions
  /// The tool that runs: its name starts every message, and help and hints say it.
  var tool: ToolIdentity
  /// Where results and messages go.
  let output: any OutputSink
  /// Standard input: `batch`'s links, `mcp`'s requests.
  var input: any InputSource
  /// `--quiet`: results are dropped, whatever the command; messages still reach stderr.
  var discardsOutput = false
  /// Gives the value of one environment variable (`nil` when unset), read only when a command
  /// needs it.
  let environmentValue: (String) -> String?
  /// Gives the current directory's absolute path (`nil` when it has none), asked only when a
  /// command needs it.
  let currentDirectory: () -> String?
  /// Runs `xcrun` and `adb` for the device bridge: the real tools, or a test's stand-in.
  var deviceLauncher: DeviceProgramRunner.Launcher = DeviceProgramRunner.spawn
  /// Whether ``table`` stands for the app's own (``AppClient/checksTable``): links carry its
  /// fingerprint, and the app refuses one built from another table.
  var checksTable = false

  /// The app over its socket, as the options aim at it.
  var app: AppClient {
    AppClient(
      socket: socketPath, timeoutMilliseconds: options.timeoutMilliseconds, table: table, source: source,
      output: output, tool: tool, checksTable: checksTable)
  }

  /// Simulators, phones and Android devices.
  var devices: DeviceBridge { DeviceBridge(context: self) }

  /// The app's socket: `--socket`, else `DEEPLINK_SOCKET`, else the default path.
  var socketPath: String {
    SocketPath.resolve(explicit: options.socket, environmentValue: environmentValue)
  }

  /// Every variable of ``DeepLinkTool/environmentVariables`` that is set, for the commands
  /// that hand a dictionary on (help's colour, the completion callback).
  var environment: [String: String] {
    var values: [String: String] = [:]
    for variable in ToolEnvironment.variables {
      values[variable.name] = environmentValue(variable.name)
    }
    return values
  }

  /// The same context with the options aimed at the agent listening on `socket`, as the app
  /// target is reached.
  func aimed(at socket: String) -> CommandContext {
    var context = self
    context.options = options.aimed(at: socket)
    return context
  }

  /// The same context speaking `contents`, which came from `source`: the table an app served
  /// after the command started (`deeplink mcp` follows the app). The bundle id and Android
  /// package it names, if any, replace the old ones.
  func serving(_ contents: RoutesFileContents, from source: TableSource) -> CommandContext {
    var context = self
    context.table = contents.table
    context.source = source
    context.androidPackage = contents.androidPackage ?? androidPackage
    context.iosBundleID = contents.iosBundleID ?? iosBundleID
    return context
  }

  /// Writes a result to standard output (nothing with `--quiet`). A failed write fails the
  /// command (a full disk); a reader that went away (`EPIPE`) stops it silently
  /// (``StreamFailure/closedOutput``).
  func write(_ text: String) throws(StreamFailure) {
    guard !discardsOutput else { return }
    try Self.outputFailed(output.out(text))
  }

  /// ``write(_:)-(String)`` for bytes already encoded.
  func write(_ bytes: [UInt8]) throws(StreamFailure) {
    guard !discardsOutput else { return }
    try Self.outputFailed(bytes.withUnsafeBytes { output.out($0) })
  }

  /// Writes a message to standard error.
  func err(_ text: String) { output.err(text) }

  /// Reports `failure` on standard error as this tool does (``report(_:json:tool:to:)``).
  func report(_ failure: any CommandFailure) {
    Self.report(failure, json: options.json, tool: tool, to: output)
  }

  /// Throws for a failed write to standard output: silently stops for a reader that went away.
  private static func outputFailed(_ error: Errno?) throws(StreamFailure) {
    guard let error else { return }
    throw error == .brokenPipe ? .closedOutput : .output(error)
  }

  /// The app's text with control characters made visible: a login message may hold an escape
  /// sequence, which must not drive the terminal it is printed on.
  static func visible(_ text: String) -> String {
    ControlCharacters.escaped(text, keepingNewlines: true)
  }

  /// Prints what a link did: the screen, or with `--json` the state with the canonical URL
  /// the app applied first (`applied`).
  ///
  /// - Throws: a ``ClientFailure`` for a reply without the state, a ``StreamFailure`` for
  ///   output that cannot be written.
  func printState(_ reply: JSON) throws {
    let state = try AppClient.appliedState(reply)
    try write(options.json ? state.json.pretty + "\n" : Self.visible(state.screen))
  }

  /// Reports a failure on stderr: `deeplink: error: …` (the tool's name) and a hint line, control characters
  /// made visible; with `--json`, one JSON object on one line instead:
  /// `{"ok":false,"error":{"kind":…,"message":…,"hint":…,"line":…,"exitCode":…}}` (`hint`
  /// and `line`, a batch line number, only when there is one).
  static func report(
    kind: String, message: String, hint: String?, code: ExitCode, json: Bool, line: Int? = nil,
    tool: ToolIdentity, to output: any OutputSink
  ) {
    guard json else {
      var text = errorLine(message, tool: tool) + "\n"
      if let hint { text += hint + "\n" }
      output.err(text)
      return
    }
    var error: [(String, JSON)] = [("kind", .string(kind)), ("message", .string(message))]
    if let hint { error.append(("hint", .string(hint))) }
    if let line { error.append(("line", .int(line))) }
    error.append(("exitCode", .int(Int(code.rawValue))))
    output.err(JSON.object([("ok", .bool(false)), ("error", .object(error))]).serialized + "\n")
  }

  /// ``report(kind:message:hint:code:json:line:tool:to:)`` for a command's failure, whatever
  /// its feature: the one place a ``CommandFailure`` becomes text.
  static func report(_ failure: any CommandFailure, json: Bool, tool: ToolIdentity, to output: any OutputSink)
  {
    report(
      kind: failure.kind, message: failure.message(for: tool), hint: failure.hint(for: tool),
      code: failure.exitCode, json: json, line: failure.line, tool: tool, to: output)
  }

  /// `deeplink: error: <message>`, control characters made visible: the first line of every
  /// failure on stderr, and the text of a failed MCP tool call.
  static func errorLine(_ message: String, tool: ToolIdentity) -> String {
    "\(tool.name): error: " + ControlCharacters.escaped(message, keepingNewlines: true)
  }
}

extension GlobalOptions {
  /// These options sent to the agent listening on `socket`, as the app target sends them.
  func aimed(at socket: String) -> GlobalOptions {
    var options = self
    options.target = .app
    options.socket = socket
    options.bundleID = nil
    return options
  }
}
