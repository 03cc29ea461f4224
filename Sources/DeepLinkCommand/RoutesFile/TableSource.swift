package import DeepLinkRoutes
import DeepLinkWire

/// Where the route table in use comes from, in the order `deeplink` looks:
/// `--routes FILE`, else `$DEEPLINK_ROUTES`, else `deeplink.routes.json` in the current
/// directory or the nearest parent (as `git` finds `.git`), else the built-in table.
package enum TableSource: Hashable, Sendable {
  /// The table compiled into the tool.
  case builtIn
  /// `--routes FILE`, the path as given.
  case option(String)
  /// `DEEPLINK_ROUTES`, the path as set.
  case environment(String)
  /// `deeplink.routes.json` found from the current directory: its absolute path.
  case found(String)
  /// The app served it now: `the app on /tmp/a.sock`, as ``AnsweringApp/place`` names it.
  case app(String)
  /// The app served it before and does not answer now (the cache), named as for ``app(_:)``.
  case cache(String)

  /// The table served now by the app listening on `socket`.
  static func app(socket: String) -> TableSource { .app(place(socket: socket)) }

  /// The app listening on `socket`, as ``app(_:)`` and ``cache(_:)`` name it: `the app on /tmp/a.sock`.
  static func place(socket: String) -> String { "the app on " + socket }

  /// The file's path; `nil` for the built-in table.
  package var path: String? {
    switch self {
    case .builtIn, .app, .cache: nil
    case .option(let path), .environment(let path), .found(let path): path
    }
  }

  /// For `deeplink version` and `deeplink routes`: `built in`, or the file and how it was
  /// chosen (`/home/me/shop/deeplink.routes.json, found from the current directory`).
  package var description: String {
    switch self {
    case .builtIn: "built in"
    case .option(let path): "from \(path) (--routes)"
    case .environment(let path): "from \(path) ($\(RoutesFile.environmentVariable.name))"
    case .found(let path): "from \(path) (found from the current directory)"
    case .app(let place): "served by \(place)"
    case .cache(let place): "served last by \(place), which does not answer now (cached)"
    }
  }

  /// The source for a command line whose `--routes` is `option`, in an environment where
  /// `environment(name)` reads a variable, `currentDirectory()` names the current directory
  /// and `isStandardOutput(path)` says whether a path is the command's standard output. Asks
  /// only what it needs: no file system call when `--routes` is given.
  ///
  /// The search passes over a file that is this process's standard output: in
  /// `deeplink routes --json > deeplink.routes.json` the shell has created it empty before
  /// `deeplink` starts, and it is the output, not the table.
  package static func resolve(
    option: String?, environment: (String) -> String?, currentDirectory: () -> String?,
    isStandardOutput: (String) -> Bool
  ) -> TableSource {
    if let option { return .option(option) }
    if let path = environment(RoutesFile.environmentVariable.name), !path.isEmpty {
      return .environment(path)
    }
    if let directory = currentDirectory(),
      let path = FileSystem.nearest(RoutesFile.fileName, from: directory, skip: isStandardOutput)
    {
      return .found(path)
    }
    return .builtIn
  }

  /// The table: `builtIn` itself, or the file read and checked (`isStandardOutput` as for
  /// ``contents(builtIn:isStandardOutput:)``).
  ///
  /// - Throws: ``RoutesFileError``.
  package func table(builtIn: RouteTable, isStandardOutput: (String) -> Bool) throws(RoutesFileError)
    -> RouteTable
  {
    try contents(builtIn: builtIn, isStandardOutput: isStandardOutput).table
  }

  /// The table and its Android package: `builtIn` itself (no package), or the file read and
  /// checked; `isStandardOutput` says whether a path is the command's standard output (an
  /// empty file there is said to be it).
  ///
  /// - Throws: ``RoutesFileError``.
  package func contents(
    builtIn: RouteTable, isStandardOutput: (String) -> Bool
  ) throws(RoutesFileError) -> RoutesFileContents {
    guard let path else { return RoutesFileContents(table: builtIn) }
    return try RoutesFile.load(path, isStandardOutput: isStandardOutput)
  }

  /// The table a command line runs against and where it came from, with any warning lines
  /// for standard error. For a tool that reads routes files, in this order: the file
  /// `--routes` or `DEEPLINK_ROUTES` names; else the table of the app the line aims at
  /// (``AnsweringApp``: asked now, else the one it served last); else `deeplink.routes.json`
  /// found from the current directory; else the built-in table. A tool that reads none always
  /// uses its own. The completion callback finds its table itself.
  ///
  /// A line that only sends a link (`parsedAsALink` parses it against the table at hand, and
  /// returns it when it only sends a link or prints one) does not ask the app first, and is
  /// not parsed twice (``Found/invocation``): its link carries the table's fingerprint, and an app
  /// that serves another refuses it, unapplied (``AppClient/checksTable``). Every other line
  /// asks, since what it prints depends on the app's table (`url`, `help`, `routes`, a dry run).
  ///
  /// - Parameters:
  ///   - tool: the tool: one that reads no routes file always uses `builtIn`.
  ///   - environment: reads a variable; `currentDirectory` names the current directory.
  /// - Throws: a routes file that cannot be read or is wrong (64); `--routes` given to a tool
  ///   that reads none (never ignored in silence: such a tool's table is built in); a table the
  ///   app served that is refused. The time spent asking the app is returned: the command gets
  ///   the rest of `--timeout`, so that a slow or silent app costs `--timeout` once.
  static func table(
    for arguments: [String], builtIn: RouteTable, tool: ToolIdentity, environment: (String) -> String?,
    currentDirectory: () -> String?, isStandardOutput: (String) -> Bool,
    parsedAsALink: (RouteTable) -> Invocation? = { _ in nil }
  ) throws(Failure) -> Found {
    guard arguments.first != CommandRegistry.completeCallback else {
      return Found(contents: RoutesFileContents(table: builtIn), source: .builtIn)
    }
    if !tool.readsRoutesFiles {
      guard Invocation.routesOption(in: arguments) == nil else {
        throw Failure(
          message:
            "--routes: \(tool.name) reads no routes file; its route table is built in (deeplink reads one)",
          hint: nil)
      }
      return Found(contents: RoutesFileContents(table: builtIn), source: .builtIn)
    }
    let source = resolve(
      option: Invocation.routesOption(in: arguments), environment: environment,
      currentDirectory: currentDirectory, isStandardOutput: isStandardOutput)
    let contents: RoutesFileContents
    do {
      contents = try source.contents(builtIn: builtIn, isStandardOutput: isStandardOutput)
    } catch {
      throw Failure(message: error.message, hint: error.hint)
    }
    switch source {
    case .option, .environment: return Found(contents: contents, source: source)
    default: break
    }
    guard asksTheApp(arguments), let app = AnsweringApp(arguments: arguments, environment: environment) else {
      return Found(contents: contents, source: source)
    }
    let lookup = app.lookup(known: contents, environment: environment, tool: tool.name)
    let atHand = app.tableAtHand(lookup)
    if let atHand, let invocation = parsedAsALink(atHand.contents.table) {
      return Found(
        contents: atHand.contents, source: atHand.source, warnings: atHand.warnings, app: app, lookup: lookup,
        invocation: invocation)
    }
    let seconds =
      Invocation.optionValue(.timeout, in: arguments).flatMap(GlobalOptions.seconds)
      ?? GlobalOptions.defaultTimeout
    let started = Clocks.monotonicMilliseconds
    do {
      let answer = try app.table(lookup, timeoutMilliseconds: Int(seconds * 1000))
      let spent = Int(Clocks.monotonicMilliseconds - started)
      guard let answer else {
        // No app, nothing cached: a cache file ignored still says so (one warning line).
        return Found(
          contents: contents, source: source, warnings: atHand?.warnings ?? [], spentMilliseconds: spent)
      }
      return Found(
        contents: answer.contents, source: answer.source, warnings: answer.warnings, spentMilliseconds: spent,
        app: app, lookup: lookup)
    } catch {
      let kind: String =
        if case .socket(let socketError) = error.problem { ClientFailure.socket(socketError).kind } else {
          FailureKind.badTable.rawValue
        }
      throw Failure(message: error.message, hint: error.hint, code: error.exitCode, kind: kind)
    }
  }

  /// Whether the table of the line's app matters: not for `completions`, whose script holds no
  /// table and asks the tool at each Tab.
  private static func asksTheApp(_ arguments: [String]) -> Bool {
    arguments.first { !$0.hasPrefix("-") } != CompletionsCommand.name
  }

  /// The table a command line runs against, where it came from, and what came with it.
  struct Found {
    var contents: RoutesFileContents
    var source: TableSource
    /// Lines for standard error: a cache file ignored, a table that could not be kept.
    var warnings: [String] = []
    /// The time spent asking the app, taken from the command's `--timeout`.
    var spentMilliseconds = 0
    /// The app whose table ``contents`` stands for, when it does: its links carry the table's
    /// fingerprint, and a table it serves instead is kept by ``lookup``.
    var app: AnsweringApp?
    var lookup: AppTableLookup?
    /// The line, parsed against ``contents`` already (a line that only sends a link); `nil`
    /// when it is still to be parsed.
    var invocation: Invocation?
  }

  /// Why no table could be had: a usage error (64), or the app's failure.
  struct Failure: Error {
    let message: String
    let hint: String?
    var code: ExitCode = .usage
    var kind = FailureKind.usage.rawValue
  }
}
