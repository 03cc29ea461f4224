public import DeepLinkRoutes
import DeepLinkWire

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
  /// The tool's own table, in use unless a routes file replaces it.
  let builtIn: RouteTable
  /// Whether a routes file may replace ``builtIn`` (`deeplink`: yes).
  let readsRoutesFiles: Bool
  /// The command that starts the app, for the hints of messages that find no app.
  let appCommand: String?
  /// The bundle id of the app on a simulator target, unless a routes file names one.
  let iosBundleID: String?
  /// Gives the value of one environment variable `deeplink` reads (`nil` when unset); asked
  /// only by the commands that use it (the socket's path, the target, colour in help).
  let readEnvironment: (String) -> String?
  /// Gives the current directory's absolute path (`nil` when it has none), where a routes
  /// file is looked for and `mcp install` writes; asked only by the commands that use it.
  let currentDirectory: () -> String?
  /// Where results and messages go: the process's standard streams, or a test's capture.
  package var output: any OutputSink = StandardStreams()
  /// Standard input: the process's, or a test's bytes.
  package var input: any InputSource = StandardStreams()
  /// Runs `xcrun` and `adb`: the real tools, or a test's stand-in.
  var deviceLauncher: DeviceProgramRunner.Launcher = DeviceProgramRunner.spawn

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
        assert(ToolEnvironment.variables.contains { $0.name == name }, "undeclared variable \(name)")
        return FileSystem.environmentValue(name)
      }, currentDirectory: { FileSystem.currentDirectory() })
  }

  /// A tool that reads its variables from `environment` instead of the process's, and runs in
  /// `currentDirectory` (none by default: no routes file is found), for tests.
  package init(
    name: String = "deeplink", table: RouteTable, readsRoutesFiles: Bool = false, appCommand: String? = nil,
    iosBundleID: String? = nil, environment: [String: String], currentDirectory: String? = nil
  ) {
    self.init(
      name: name, table: table, readsRoutesFiles: readsRoutesFiles, appCommand: appCommand,
      iosBundleID: iosBundleID, readEnvironment: { environment[$0] }, currentDirectory: { currentDirectory })
  }

  private init(
    name: String, table: RouteTable, readsRoutesFiles: Bool, appCommand: String?, iosBundleID: String?,
    readEnvironment: @escaping (String) -> String?, currentDirectory: @escaping () -> String?
  ) {
    self.name = name
    self.builtIn = table
    self.readsRoutesFiles = readsRoutesFiles
    self.appCommand = appCommand
    self.iosBundleID = iosBundleID
    self.readEnvironment = readEnvironment
    self.currentDirectory = currentDirectory
  }

  /// Runs the tool with `arguments` (without the program name; by default the process's) and
  /// returns its exit code: 0 done, 64 usage error, 65 the app rejected the link, 69 no app,
  /// 70 internal error, 75 timed out (`help` lists them).
  ///
  /// A tool that reads routes files takes its table from `--routes`, `DEEPLINK_ROUTES`, a
  /// `deeplink.routes.json` found from the current directory, else its built-in one. A routes
  /// file that is wrong is a usage error, whatever the command. The completion callback finds
  /// its table itself, from the line being completed, and fails silently. The environment is
  /// read when a command needs it, not up front: a link builds no dictionary at all.
  public func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
    StandardDescriptors.openMissing()
    return run(arguments).rawValue
  }

  /// Who this tool is before a table is chosen: its name, what it reads, and its app command.
  var identity: ToolIdentity {
    ToolIdentity(name: name, appCommand: appCommand, readsRoutesFiles: readsRoutesFiles)
  }

  /// Finds the table, parses `arguments` against it and runs the command, reporting a failure
  /// on stderr (as one JSON object with `--json`, which holds even when the line does not parse).
  private func run(_ arguments: [String]) -> ExitCode {
    let json = OutputFlags(arguments).json
    let found: TableSource.Found
    do throws(TableSource.Failure) {
      found = try TableSource.table(
        for: arguments, builtIn: builtIn, tool: identity, environment: readEnvironment,
        currentDirectory: currentDirectory, isStandardOutput: output.isStandardOutput,
        parsedAsALink: { Self.parsedAsALink(arguments, table: $0) })
      for warning in found.warnings { output.err(warning + "\n") }
    } catch {
      CommandContext.report(
        kind: error.kind, message: error.message,
        hint: error.hint, code: error.code, json: json, tool: identity, to: output)
      return error.code
    }
    do throws(ClientFailure) {
      return try run(arguments, found: found, json: json)
    } catch .tableChanged(let served, _) where found.app != nil {
      // The app refused the link as built from another table, and served its own: kept for
      // the next command, then the line is parsed again against it and sent once more.
      var again = found
      again.contents = served
      again.invocation = nil
      again.source = found.app?.servedSource ?? found.source
      for warning in found.lookup?.keep(served) ?? [] { output.err(warning + "\n") }
      do throws(ClientFailure) {
        return try run(arguments, found: again, json: json)
      } catch {
        CommandContext.report(error, json: json, tool: identity, to: output)
        return error.exitCode
      }
    } catch {
      CommandContext.report(error, json: json, tool: identity, to: output)
      return error.exitCode
    }
  }

  /// `arguments` parsed against `table`, when they need no answer from the app before they run:
  /// a route or `open` (without `--dry-run` or `--keep`), whose link carries its table's
  /// fingerprint so that the app refuses it if it serves another table; and `url`, which sends
  /// nothing and prints the link the table at hand (the app's last) builds. A line that does not
  /// parse against `table` (a route the app just gained) asks the app first. `nil` for any
  /// other line.
  static func parsedAsALink(_ arguments: [String], table: RouteTable) -> Invocation? {
    guard let invocation = try? Invocation.parse(arguments, table: table) else { return nil }
    let options = invocation.options
    guard !options.dryRun, !options.keep else { return nil }
    let command = invocation.command
    guard command is LinkCommand || command is OpenCommand || command is URLCommand else { return nil }
    return invocation
  }

  /// Parses `arguments` against the table `found` and runs the command, reporting its failure;
  /// a link the app refused as built from another table is thrown, for the caller to build it
  /// again from the table the app served.
  ///
  /// - Throws: ``ClientFailure/tableChanged(served:path:)`` only.
  private func run(_ arguments: [String], found: TableSource.Found, json: Bool) throws(ClientFailure)
    -> ExitCode
  {
    let contents = found.contents
    let source = found.source
    let spentMilliseconds = found.spentMilliseconds
    if arguments == [ManPage.callback] {
      output.out(ManPage.text(table: contents.table, tool: identity))
      return .success
    }
    let invocation: Invocation
    do {
      if let parsed = found.invocation {
        invocation = parsed
      } else {
        invocation = try Invocation.parse(arguments, table: contents.table)
      }
    } catch {
      CommandContext.report(
        kind: FailureKind.usage.rawValue, message: error.message(for: identity),
        hint: error.hint(for: identity),
        code: error.exitCode, json: json, tool: identity, to: output)
      return error.exitCode
    }
    if arguments.isEmpty {
      // A bare `deeplink` is a mistake in a script (an empty "$ROUTE"): help, but exit 64.
      output.err(HelpFormatter.text(for: .topLevel, table: contents.table, tool: identity))
      return .usage
    }
    var options = invocation.options
    options.json = options.json || json
    options.quiet = options.quiet || OutputFlags(arguments).quiet
    options.spentMilliseconds = spentMilliseconds
    let command = invocation.command
    let iosBundleID = contents.iosBundleID ?? iosBundleID
    // Another app's table: the tool's `appCommand` starts another app.
    let tool = ToolIdentity(
      name: name, bundleID: iosBundleID,
      appCommand: contents.table.hasSameVersion(as: builtIn) ? appCommand : nil,
      readsRoutesFiles: readsRoutesFiles)
    let context = CommandContext(
      table: contents.table, source: source, builtIn: builtIn, androidPackage: contents.androidPackage,
      iosBundleID: iosBundleID, options: options, tool: tool, output: output, input: input,
      discardsOutput: options.quiet && type(of: command).isQuietable, environmentValue: readEnvironment,
      currentDirectory: currentDirectory, deviceLauncher: deviceLauncher, checksTable: found.app != nil)
    do {
      guard !options.keep || type(of: command).takesKeep else {
        throw UsageError.invalidUse(
          "--keep goes with a route or open (\(tool.name) <route> … --keep): it applies a link "
            + "again each time the app comes back", hint: nil)
      }
      try command.run(in: context)
      return .success
    } catch StreamFailure.closedOutput {
      // The reader of stdout went away (`| head -1`): stop silently, as a filter would.
      return .closedOutput
    } catch let changed as ClientFailure where context.checksTable && changed.isTableChange {
      throw changed
    } catch {
      // Every feature's failure is reported here, the same way (``CommandFailure``).
      let failure = error.commandFailure
      context.report(failure)
      return failure.exitCode
    }
  }
}
