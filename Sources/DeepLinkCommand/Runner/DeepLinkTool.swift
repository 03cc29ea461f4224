public import DeepLinkRoutes
package import DeepLinkWire

/// A `deeplink` for any route table, under the tool's own name: subcommands and options from
/// the table's routes, help, errors with suggestions, `url`, `open`, `state`, `screen`, `wait`,
/// `batch`, `routes`, `completions` (scripts for the tool's name), `--target` delivery to a
/// simulator or Android device, and the documented exit codes.
///
/// A tool's whole `main.swift`:
///
///     import DeepLinkCommand
///     import ShopRoutes  // the target that declares `RouteTable.shop`
///
///     exit(DeepLinkTool(name: "shop", table: .shop).main())
///
/// `deeplink` itself is this type over the recipe sample's table. Check a tool before you
/// ship it with ``problems`` (in a test): a route named like a command, or a parameter named
/// like a global option, would be unreachable.
public struct DeepLinkTool {
  /// The tool's name, as typed in a shell: every help text, message, example and completion
  /// script says it.
  public let name: String
  let table: RouteTable
  /// Where ``table`` came from: built in, or a routes file.
  let source: TableSource
  /// The routes file's `android.package`, if it has one.
  let androidPackage: String?
  /// The bundle id of the app on a simulator target: the routes file's `ios.bundleId`, else
  /// the tool's own, if any (``bundleID(_:)`` lists what comes first).
  let iosBundleID: String?
  /// The tool's own table, in use unless a routes file replaces it.
  let builtIn: RouteTable
  /// Whether a routes file may replace ``builtIn`` (`deeplink`: yes).
  let readsRoutesFiles: Bool
  /// The command that starts the app, for the hints of messages that find no app.
  let appCommand: String?
  /// Gives the value of one environment variable `deeplink` reads (`nil` when unset); asked
  /// only by the commands that use it (the socket's path, the target, colour in help).
  private let readEnvironment: (String) -> String?
  /// Standard output and error; with `--quiet`, output goes nowhere (one rule for every command).
  var streams = StandardStreams()

  /// A tool called `name` for the links of `table`, reading the process's environment.
  ///
  /// - Parameters:
  ///   - name: the tool's name, as its users type it: it starts every message (`todo: error: …`),
  ///     and the completion scripts complete it.
  ///   - table: the routes the tool speaks.
  ///   - readsRoutesFiles: whether a routes file (`--routes`, `$DEEPLINK_ROUTES`, a
  ///     `deeplink.routes.json` found from the current directory) replaces `table`, as it does
  ///     for `deeplink`; off by default, so that a tool for one app always speaks that app's links.
  ///   - appCommand: the command that starts the app with its agent (`deeplink-app` for the
  ///     sample), which the messages that find no app tell the user to run; without it they
  ///     speak of "the app".
  ///   - bundleID: the app's bundle identifier on the iOS Simulator, so that
  ///     `--target simulator` reaches its agent without `--bundle-id`.
  public init(
    name: String, table: RouteTable, readsRoutesFiles: Bool = false, appCommand: String? = nil,
    bundleID: String? = nil
  ) {
    self.init(
      name: name, table: table, readsRoutesFiles: readsRoutesFiles, appCommand: appCommand,
      iosBundleID: bundleID,
      readEnvironment: { name in
        // Every variable read is declared (help lists them); checked in debug builds only, as
        // building the list touches every declaration, a page fault each.
        assert(Self.environmentVariables.contains { $0.name == name }, "undeclared variable \(name)")
        return FileSystem.environmentValue(name)
      })
  }

  package init(
    name: String = "deeplink", table: RouteTable, source: TableSource = .builtIn, builtIn: RouteTable? = nil,
    androidPackage: String? = nil, environment: [String: String]
  ) {
    self.init(
      name: name, table: table, source: source, builtIn: builtIn, androidPackage: androidPackage,
      readEnvironment: { environment[$0] })
  }

  init(
    name: String = "deeplink", table: RouteTable, source: TableSource = .builtIn, builtIn: RouteTable? = nil,
    androidPackage: String? = nil, readsRoutesFiles: Bool = false, appCommand: String? = nil,
    iosBundleID: String? = nil, readEnvironment: @escaping (String) -> String?
  ) {
    self.appCommand = appCommand
    self.iosBundleID = iosBundleID
    self.name = name
    self.builtIn = builtIn ?? table
    self.readsRoutesFiles = readsRoutesFiles
    self.table = table
    self.source = source
    self.androidPackage = androidPackage
    self.readEnvironment = readEnvironment
  }

  /// Runs the tool with `arguments` (without the program name; by default the process's) and
  /// returns its exit code: 0 done, 64 usage error, 65 the app rejected the link, 69 no app,
  /// 70 internal error, 75 timed out (`help` lists them).
  ///
  /// A tool that reads routes files takes its table from `--routes`, `DEEPLINK_ROUTES`, a
  /// `deeplink.routes.json` found from the current directory, else its built-in one. A routes
  /// file that is wrong is a usage error, whatever the command. The completion callback finds
  /// its table itself, from the line being completed, and fails silently.
  ///
  /// The environment is read when a command needs it, not up front: `deeplink url` then
  /// builds no dictionary at all, and the first one in a process costs the Swift runtime a
  /// conformance lookup across the whole binary, a fifth of that command's start-up.
  public func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
    StandardDescriptors.openMissing()
    guard readsRoutesFiles, arguments.first != BuiltInCommand.completeCallback else {
      if !readsRoutesFiles, arguments.first != BuiltInCommand.completeCallback,
        Invocation.routesOption(in: arguments) != nil
      {
        // Never ignored in silence: a tool for one app has its table built in.
        ToolName.$current.withValue(name) {
          fail(
            kind: FailureKind.usage.rawValue,
            message:
              "--routes: \(name) reads no routes file; its route table is built in (deeplink reads one)",
            hint: nil, code: .usage, OutputFlags(arguments))
        }
        return ExitCode.usage.rawValue
      }
      return run(arguments).rawValue
    }
    let source = TableSource.resolve(option: Invocation.routesOption(in: arguments))
    let contents: RoutesFileContents
    do {
      contents = try source.contents(builtIn: builtIn)
    } catch {
      ToolName.$current.withValue(name) {
        fail(
          kind: FailureKind.usage.rawValue, message: error.message, hint: error.hint, code: .usage,
          OutputFlags(arguments))
      }
      return ExitCode.usage.rawValue
    }
    return DeepLinkTool(
      name: name, table: contents.table, source: source, builtIn: builtIn,
      androidPackage: contents.androidPackage, readsRoutesFiles: true, appCommand: appCommand,
      iosBundleID: contents.iosBundleID ?? iosBundleID, readEnvironment: readEnvironment
    ).run(arguments).rawValue
  }

  /// The value of the environment variable `name`, read when asked: a link sent to the app
  /// reads two or three variables and builds no dictionary (the first `[String: String]` in a
  /// process costs the Swift runtime a conformance lookup across the whole binary, about a
  /// sixth of `deeplink <route>`'s instructions).
  func environmentValue(_ name: String) -> String? { readEnvironment(name) }

  /// Every variable of ``environmentVariables`` that is set, for the commands that hand a
  /// dictionary on (help's colour, the completion callback).
  var environment: [String: String] {
    var values: [String: String] = [:]
    for variable in Self.environmentVariables {
      values[variable.name] = readEnvironment(variable.name)
    }
    return values
  }

  /// Every environment variable `deeplink` reads, each declared by the code that reads it: the
  /// socket (``SocketPath``), colour (``Style``) and the completion callback's `~`
  /// (``CompletionCallback``). Only these are copied from the environment; help lists them.
  package static let environmentVariables: [EnvironmentVariable] = {
    var variables: [EnvironmentVariable] = []
    for variable in SocketPath.environmentVariables + Style.environmentVariables
      + CompletionCallback.environmentVariables + DeepLinkTool.deviceEnvironmentVariables
      + [DeepLinkTool.bundleIDVariable, RoutesFile.environmentVariable]
    where !variables.contains(variable) {
      variables.append(variable)
    }
    return variables
  }()

  /// The variables help lists: all, but `DEEPLINK_ROUTES` only in a tool that reads routes files.
  static var offeredEnvironmentVariables: [EnvironmentVariable] {
    ToolName.readsRoutesFiles
      ? environmentVariables : environmentVariables.filter { $0 != RoutesFile.environmentVariable }
  }

  /// Runs the command `arguments` name, under the tool's ``name``.
  package func run(_ arguments: [String]) -> ExitCode {
    ToolName.$current.withValue(name) {
      ToolName.$readsRoutesFiles.withValue(readsRoutesFiles) {
        ToolName.$appCommand.withValue(appCommand) { runCommand(arguments) }
      }
    }
  }

  private func runCommand(_ arguments: [String]) -> ExitCode {
    if arguments == [ManPage.callback] {
      streams.out(ManPage.text(table: table))
      return .success
    }
    // `--json` and `--quiet` hold even when the line does not parse (its error is JSON) and
    // when help or the version replace the command.
    let flags = OutputFlags(arguments)
    var invocation: Invocation
    do {
      invocation = try Invocation.parse(arguments, table: table)
    } catch {
      fail(
        kind: FailureKind.usage.rawValue, message: error.message, hint: error.hint, code: error.exitCode,
        flags)
      return error.exitCode
    }
    if arguments.isEmpty {
      // A bare `deeplink` is a mistake in a script (an empty "$ROUTE"): help, but exit 64.
      streams.err(HelpFormatter.text(for: .topLevel, table: table))
      return .usage
    }
    invocation.options.json = invocation.options.json || flags.json
    invocation.options.quiet = invocation.options.quiet || flags.quiet
    var tool = self
    // `mcp` speaks its protocol on stdout: that is not a result to silence.
    let serves: Bool = if case .mcp = invocation.command { true } else { false }
    tool.streams = StandardStreams(discardsOutput: invocation.options.quiet && !serves)
    do {
      try tool.execute(invocation)
      return .success
    } catch .closedOutput {
      // The reader of stdout went away (`| head -1`): stop silently, as a filter would.
      return .closedOutput
    } catch {
      fail(
        kind: error.kind, message: error.message, hint: error.hint, code: error.exitCode, flags,
        line: error.line)
      return error.exitCode
    }
  }

  func execute(_ invocation: Invocation) throws(ClientFailure) {
    var options = invocation.options
    if options.keep {
      switch invocation.command {
      case .link(let link), .open(let link):
        try keep(link, options: options)
        return
      default:
        throw .usage(
          "--keep goes with a route or open (\(ToolName.current) <route> … --keep): it applies a link again "
            + "each time the app comes back", hint: nil)
      }
    }
    var simulator: ResolvedDevice?
    var pictures: ResolvedDevice?
    if case .mcp(true, _) = invocation.command { pictures = try pictureDevice(options) }
    switch invocation.command {
    case .link, .open, .state, .screen, .batch, .mcp:
      // A simulator app whose agent answers is served as the app target is (`mcp`: the agent
      // answering when the session starts serves the whole session).
      let routing = try routed(options)
      options = routing.options
      simulator = routing.simulator
    default:
      break
    }
    switch invocation.command {
    case .link(let link), .open(let link):
      let target = try target(options)
      guard target == .app else {
        try deliver(table.url(for: link), to: target, options: options, resolved: simulator)
        return
      }
      guard !options.dryRun else {
        try printDryRun(link, options: options)
        return
      }
      try printState(try send(link, options: options), options: options)
    case .url(let link):
      // The URL a send would carry, under the same length limit: what `url` prints, a send
      // accepts.
      let url = table.url(for: link)
      do {
        try AppSession.checkFits(url: url)
      } catch {
        throw .usage(error.message + "; the app would refuse it", hint: nil)
      }
      try write(options.json ? JSON.object([("url", .string(url))]).serialized + "\n" : url + "\n")
    case .routes(let format):
      try write(
        RoutesFormatter.text(
          format, table: table, source: source, androidPackage: androidPackage, iosBundleID: iosBundleID))
    case .state:
      try requireApp(for: .state, options)
      let state = try requestState(options)
      try write(options.json ? state.pretty + "\n" : Self.visible(StateText.render(state)))
    case .screen:
      try requireApp(for: .screen, options)
      let screen = try requestScreen(options)
      try write(
        options.json ? JSON.object([("screen", .string(screen))]).pretty + "\n" : Self.visible(screen))
    case .wait(let pid):
      let target = try target(options)
      if let device = try simulatorDevice(options), !options.dryRun, let bundleID = try bundleID(options) {
        // A simulator app's agent, not the simulator's boot.
        try waitForSimulatorApp(
          bundleID, udid: try simulatorUDID(device, options: options).udid, options: options, pid: pid)
        return
      }
      guard target == .app else {
        try waitForDevice(target, options: options)
        return
      }
      try waitForApp(options, pid: pid)
    case .launch(let relaunch):
      try launch(relaunch: relaunch, options: options)
    case .screenshot(let path, let settling):
      try saveScreenshot(to: path, settling: settling, options: options)
    case .mcp(_, let settling):
      try serveMcp(options, pictures: pictures, settling: settling)
    case .batch(let path):
      try runBatch(path, options: options)
    case .tour(let request):
      try runTour(request, options: options)
    case .targets:
      try listTargets(options)
    case .approve:
      try approve(options: options)
    case .checkRelease(let paths, let expectRegistered):
      try checkRelease(paths, expectRegistered: expectRegistered, options: options)
    case .completions(let shell):
      // The script always carries the built-in table: it is installed once, and asks
      // `deeplink` whenever a routes file is in effect where Tab is pressed.
      let script = CompletionScript.text(for: shell, table: builtIn)
      try write(
        options.json
          ? JSON.object([("shell", .string(shell.rawValue)), ("script", .string(script))]).pretty + "\n"
          : script)
    case .complete(let arguments) where arguments == [CompletionCallback.targets]:
      try write(targetCompletionLines().map { $0 + "\n" }.joined())
    case .complete(let arguments):
      let lines =
        arguments.first == CompletionCallback.words
        ? CompletionCallback.wordLines(
          Array(arguments.dropFirst()), builtIn: table, environment: { environment },
          targets: targetCompletionLines)
        : CompletionCallback.lines(arguments, table: table, environment: environment)
      try write(lines.map { $0 + "\n" }.joined())
    case .help(let topic):
      guard !options.json else {
        try write(
          JSON.object([("help", .string(HelpFormatter.text(for: topic, table: table)))]).pretty + "\n")
        return
      }
      try write(
        HelpFormatter.text(
          for: topic, table: table, style: Style(isTTY: streams.stdoutIsTerminal, environment: environment)))
    case .version:
      try write(
        options.json
          ? DeepLinkVersion.json(table: table, source: source).pretty + "\n"
          : DeepLinkVersion.string(table: table, source: source) + "\n")
    }
  }

  /// Sends `link` to the app and returns its reply, once the app acknowledged it: what every
  /// command that sends a link (a route, `open`, an MCP tool call) does.
  func send(_ link: Link, options: GlobalOptions) throws(ClientFailure) -> JSON {
    // Built and serialized once, its deadline counted from before connecting: checked, then
    // sent as it is.
    let request = AppSession.openRequest(
      table.url(for: link), timeoutMilliseconds: options.timeoutMilliseconds)
    try AppSession.checkFits(request)
    var session = try connect(options)
    defer { session.close() }
    return try warnAboutVersion(&session) { (s: inout AppSession) throws(ClientFailure) in
      try s.request(request)
    }
  }

  /// The app's state (`path`, `overrides`, `screen`), for `deeplink state` and MCP's `state`.
  func requestState(_ options: GlobalOptions) throws(ClientFailure) -> JSON {
    var session = try connect(options)
    defer { session.close() }
    let reply = try warnAboutVersion(&session) { (s: inout AppSession) throws(ClientFailure) in
      try s.request(.state)
    }
    guard let state = reply["state"] else { throw .badReply("no state in the reply") }
    return state
  }

  /// The app's screen, for `deeplink screen` and MCP's `screen`.
  func requestScreen(_ options: GlobalOptions) throws(ClientFailure) -> String {
    var session = try connect(options)
    defer { session.close() }
    let reply = try warnAboutVersion(&session) { (s: inout AppSession) throws(ClientFailure) in
      try s.request(.screen)
    }
    guard let screen = reply["screen"]?.stringValue else { throw .badReply("no screen in the reply") }
    return screen
  }

  /// `--dry-run` with the app as the target: the canonical URL that would be sent, checked
  /// against the send length limit, and where; no app needed. With `--json`, `url` and `socket`.
  func printDryRun(_ link: Link, options: GlobalOptions) throws(ClientFailure) {
    let url = table.url(for: link)
    try AppSession.checkFits(url: url)
    let path = socketPath(options)
    try write(
      options.json
        ? JSON.object([("url", .string(url)), ("socket", .string(path))]).serialized + "\n"
        : "send \(url) to the app on \(path)\n")
  }

  /// Prints what a link did: the screen, or with `--json` the state with the canonical URL
  /// the app applied first (`applied`), or nothing.
  func printState(_ reply: JSON, options: GlobalOptions) throws(ClientFailure) {
    let state = try Self.appliedState(reply)
    try write(options.json ? state.json.pretty + "\n" : Self.visible(state.screen))
  }

  /// The state a link's reply carries, as `--json` prints it (`applied` first, then the
  /// state's own keys, so `.overrides` and `.screen` stay where they were), and its screen.
  static func appliedState(_ reply: JSON, leading: [(String, JSON)] = []) throws(ClientFailure) -> (
    json: JSON, screen: String
  ) {
    guard let state = reply["state"], case .object(let fields) = state,
      let screen = state["screen"]?.stringValue,
      let applied = reply["applied"]?.stringValue
    else {
      throw .badReply("the app acknowledged the link without its state")
    }
    return (
      .object(leading.map { JSON.Member($0.0, $0.1) } + [JSON.Member("applied", .string(applied))] + fields),
      screen
    )
  }

  /// Writes a result to standard output (nothing with `--quiet`: ``StandardStreams``). A
  /// failed write fails the command (a full disk); a reader that went away
  /// (`EPIPE`) stops it silently (``ClientFailure/closedOutput``).
  func write(_ text: String) throws(ClientFailure) {
    try Self.outputFailed(streams.out(text))
  }

  /// ``write(_:)-(String)`` for bytes already encoded.
  func write(_ bytes: [UInt8]) throws(ClientFailure) {
    try Self.outputFailed(bytes.withUnsafeBytes { streams.out($0) })
  }

  /// Throws for a failed write to standard output: silently stops for a reader that went away.
  private static func outputFailed(_ error: Errno?) throws(ClientFailure) {
    guard let error else { return }
    throw error == .brokenPipe ? .closedOutput : .output(error)
  }

  /// The app's text with control characters made visible: a login message may hold an escape
  /// sequence, which must not drive the terminal it is printed on.
  static func visible(_ text: String) -> String {
    ControlCharacters.escaped(text, keepingNewlines: true)
  }

  /// `deeplink wait`: connects as soon as an app listens, then pings it, so that an app that
  /// accepts connections but cannot answer (stopped, hung) is not reported ready.
  ///
  /// With `pid`, the app's process is checked between connection attempts: once it has
  /// exited, no app will come, and the wait fails at once (69) instead of at the timeout.
  func waitForApp(_ options: GlobalOptions, pid: Int32?) throws(ClientFailure) {
    let path = socketPath(options)
    _ = try awaitApp(on: path, seconds: options.timeout ?? GlobalOptions.defaultTimeout, pid: pid)
    try write(
      options.json
        ? JSON.object([("listening", .bool(true)), ("socket", .string(path))]).serialized + "\n"
        : "an app is listening on \(path)\n")
  }

  /// Returns the reply to a `ping` from the first app that answers on `path` within
  /// `seconds` (``waitForApp(_:pid:)``, and `wait` and `launch` for a simulator app's agent).
  ///
  /// - Throws: 75 when none listens or answers in time, 69 at once when process `pid` exits.
  func awaitApp(on path: String, seconds: Double, pid: Int32?) throws(ClientFailure) -> JSON {
    let deadline = Deadline.after(milliseconds: Int(seconds * 1000))
    let client: LineClient
    var exitStatus: ProcessProbe.ExitStatus?
    do {
      client = try LineClient.waitForListener(path: path, deadline: deadline) { () throws(SocketError) in
        guard let pid, case .exited(let status) = ProcessProbe.state(of: pid) else { return }
        exitStatus = status
        throw .gaveUp(reason: "process \(pid) exited")
      }
    } catch .timedOut {
      throw .noAppCame(path: path, seconds: seconds)
    } catch .gaveUp {
      throw .appExited(pid: pid ?? 0, status: exitStatus)
    } catch {
      throw .socket(error)
    }
    // The ping's reply is checked like any other: a peer that is not a deeplink-app fails.
    var session = AppSession(
      client: client, timeoutMilliseconds: Int(deadline.remainingMilliseconds), tableVersion: table.version)
    defer { session.close() }
    do {
      return try warnAboutVersion(&session) { (s: inout AppSession) throws(ClientFailure) in
        try s.request(.ping)
      }
    } catch .unanswered {
      throw .silentApp(path: path, seconds: seconds)
    }
  }

  func socketPath(_ options: GlobalOptions) -> String {
    SocketPath.resolve(explicit: options.socket, environmentValue: readEnvironment)
  }

  func connect(_ options: GlobalOptions) throws(ClientFailure) -> AppSession {
    try AppSession.connect(
      path: socketPath(options), timeoutMilliseconds: options.timeoutMilliseconds, table: table)
  }

  /// Runs `body`, then warns once on stderr if the app was built from another route table —
  /// the likely cause of an unknown route or option the help says exists.
  func warnAboutVersion(
    _ session: inout AppSession, _ body: (inout AppSession) throws(ClientFailure) -> JSON
  ) throws(ClientFailure) -> JSON {
    defer {
      if let foreign = session.foreignVersion {
        streams.err(
          "\(ToolName.current): warning: "
            + Self.foreignTableWarning(app: foreign, table: table, source: source)
            + "\n")
      }
    }
    return try body(&session)
  }

  /// Why an app's reply carries another table's version, and what to do about it: with the
  /// built-in table, the two programs come from different checkouts; with a routes file,
  /// the file is not this app's table (another app, or out of date), so the app rejects the
  /// links it does not know.
  static func foreignTableWarning(app: String, table: RouteTable, source: TableSource) -> String {
    guard let path = source.path else {
      return "the app runs route table \(app), this \(ToolName.current) was built from \(table.version); "
        + "rebuild both from one checkout"
    }
    return "the app runs route table \(app), but the routes file \(path) describes table "
      + "\(table.version): the app rejects links it does not know. Is the file this app's, and up "
      + "to date? Export it again from the app's own table (its 'routes --json')"
  }

  /// `deeplink: error: <message>`, control characters made visible: the first line of every
  /// failure on stderr, and the text of a failed MCP tool call.
  static func errorLine(_ message: String) -> String {
    "\(ToolName.current): error: " + ControlCharacters.escaped(message, keepingNewlines: true)
  }

  /// Reports a failure on stderr: `deeplink: error: …` and a hint line, control characters
  /// made visible; with `--json`, one JSON object on one line instead:
  /// `{"ok":false,"error":{"kind":…,"message":…,"hint":…,"line":…,"exitCode":…}}` (`hint`
  /// and `line`, a batch line number, only when there is one).
  func fail(
    kind: String, message: String, hint: String?, code: ExitCode, _ flags: OutputFlags, line: Int? = nil
  ) {
    guard flags.json else {
      var text = Self.errorLine(message) + "\n"
      if let hint { text += hint + "\n" }
      streams.err(text)
      return
    }
    var error: [(String, JSON)] = [("kind", .string(kind)), ("message", .string(message))]
    if let hint { error.append(("hint", .string(hint))) }
    if let line { error.append(("line", .int(line))) }
    error.append(("exitCode", .int(Int(code.rawValue))))
    streams.err(JSON.object([("ok", .bool(false)), ("error", .object(error))]).serialized + "\n")
  }

}
