import DeepLinkRoutes
import DeepLinkWire

/// `deeplink mcp install <client>`: Set up a coding agent's client to run `deeplink mcp`.
///
/// Writes the client's project configuration at the repository's top level (else the current
/// directory), merged with what is there, and for Claude Code a skill generated from the
/// table. Nothing is written unless every file can be: a file that does not parse (65) or a
/// different entry kept without `--force` (1) leaves every file byte for byte as it was.
struct McpInstallCommand: ToolCommand, Equatable {
  static let name = "mcp install"
  static let synopsis = "<client> [--print] [--force]"
  static let summary = "Set up a coding agent's client (\(McpClient.names)) to run the MCP server"

  static let operands = CommandOperands.one(
    "mcp install takes one client: \(McpClient.names)", completion: .words(McpClient.allCases.map(\.rawValue))
  )

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    let toolName = tool.name
    return "Adds the server '\(toolName)' to the client's project configuration, at the top level of "
      + "the git repository the current directory is in (else in the current directory): claude "
      + "writes .mcp.json (mcpServers), cursor .cursor/mcp.json (mcpServers), vscode "
      + ".vscode/mcp.json (servers, with \"type\": \"stdio\"), codex .codex/config.toml (the table "
      + "[mcp_servers.\(toolName)]). The server runs '\(toolName) mcp' with the global options given on this "
      + "line (--socket, --target, --package, --bundle-id, "
      + (tool.readsRoutesFiles ? "--routes, " : "") + "--timeout); a relative path is "
      + "made relative to the top level. For claude it also writes the skill "
      + ".claude/skills/\(toolName)/SKILL.md, generated from the route table: when to use \(toolName), every "
      + "route with an example, how to wait for the app, see the screen and check every screen with "
      + "tour.\n\n"
      + "Other servers and settings stay as they are (JSON members keep their order; every other "
      + "TOML line is kept byte for byte). The same line again changes nothing and exits 0. A "
      + "different '\(toolName)' entry is kept and shown beside the one this line would write, exit 1, "
      + "unless --force. A file that does not parse is left as it is: exit 65, with its line. "
      + "Files are replaced atomically, keeping their mode."
  }

  /// `--print`.
  static let printFlag = "--print"
  /// `--force`.
  static let forceFlag = "--force"

  static var options: [CommandOption] {
    [
      CommandOption(
        printFlag, help: "Write nothing; print each file's path and its whole new content (as --dry-run does)"
      ),
      CommandOption(forceFlag, help: "Replace a different existing entry (and skill)"),
    ]
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    let toolName = tool.name
    return [
      ("\(toolName) mcp install claude", "adds the server to .mcp.json and writes the skill"),
      (
        "\(toolName) --socket /tmp/app.sock mcp install codex --print",
        "shows .codex/config.toml as it would be"
      ),
    ]
  }

  /// The client to set up.
  let client: McpClient
  /// `--print` or `--dry-run`: write nothing, show the files.
  let printsOnly: Bool
  /// `--force`: replace a different entry.
  let force: Bool
  /// The global options of the line, for the entry's arguments.
  let options: GlobalOptions

  init(
    client: McpClient, printsOnly: Bool = false, force: Bool = false, options: GlobalOptions = GlobalOptions()
  ) {
    self.client = client
    self.printsOnly = printsOnly
    self.force = force
    self.options = options
  }

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {
    guard let word = arguments.words.first else {
      throw .missingArgument(Self.name, what: "a client: one of \(McpClient.names)")
    }
    guard let client = McpClient(rawValue: word) else {
      let suggestion = Suggestion.closest(to: word, in: McpClient.allCases.map(\.rawValue))
      throw .invalidCommandUse(
        "unknown client '\(word.messageExcerpt)'" + (suggestion.map { " — did you mean '\($0)'?" } ?? "")
          + (suggestion == nil ? "; the clients are " : " The clients are ") + McpClient.names,
        command: Self.name)
    }
    self.init(
      client: client, printsOnly: arguments.has(Self.printFlag) || arguments.options.dryRun,
      force: arguments.has(Self.forceFlag),
      options: arguments.options)
  }

  func run(in context: CommandContext) throws {
    guard let directory = context.currentDirectory() else {
      throw McpInstallFailure.file(path: ".", verb: "read", reason: "the current directory has no path")
    }
    try run(in: context, directory: directory)
  }

  /// ``run(in:)`` from `directory`, an absolute path.
  func run(in context: CommandContext, directory: String) throws {
    let topLevel = ProjectDirectory.topLevel(from: directory)
    let tool = context.tool.name
    let entry = McpServerEntry(command: tool, options: options, directory: directory, topLevel: topLevel)
    var plan: [(path: String, outcome: McpConfigMerge.Outcome, mode: UInt32?)] = []

    let configuration = ProjectDirectory.join(topLevel, client.configurationPath)
    let (existing, mode) = try Self.contents(of: configuration)
    let outcome =
      client.serversKey == nil
      ? try McpConfigMerge.toml(existing, path: configuration, name: tool, entry: entry, force: force)
      : try McpConfigMerge.json(
        existing, path: configuration, client: client, name: tool, entry: entry, force: force)
    plan.append((configuration, outcome, mode))

    if let skillPath = client.skillPath(tool: tool) {
      let path = ProjectDirectory.join(topLevel, skillPath)
      let prefix = ([tool] + entry.args.dropFirst()).map(ShellQuoting.quote).joined(separator: " ")
      let wanted = Array(McpSkill.text(for: context.table, tool: tool, prefix: prefix).utf8)
      let (existing, mode) = try Self.contents(of: path)
      let outcome: McpConfigMerge.Outcome =
        switch existing {
        case wanted: .unchanged
        case nil: .updated(wanted)
        case let existing? where !force:
          .conflict(
            existing: String(decoding: existing, as: UTF8.self),
            wanted: String(decoding: wanted, as: UTF8.self))
        default: .updated(wanted)
        }
      plan.append((path, outcome, mode))
    }

    for step in plan {
      if case .conflict(let existing, let wanted) = step.outcome {
        throw McpInstallFailure.differentEntry(path: step.path, existing: existing, wanted: wanted)
      }
    }
    if printsOnly {
      var text = ""
      for step in plan {
        let bytes: [UInt8]
        switch step.outcome {
        case .updated(let new): bytes = new
        case .unchanged, .conflict: bytes = (try Self.contents(of: step.path).bytes) ?? []
        }
        text += "==> \(step.path) <==\n" + String(decoding: bytes, as: UTF8.self)
        if bytes.last != UInt8(ascii: "\n") { text += "\n" }
      }
      try context.write(text)
      return
    }
    var report = ""
    for step in plan {
      guard case .updated(let bytes) = step.outcome else {
        report += "unchanged \(step.path)\n"
        continue
      }
      try Self.write(bytes, to: step.path, mode: step.mode)
      report += "wrote \(step.path)\n"
    }
    if plan.allSatisfy({ $0.outcome == .unchanged }) {
      report = "\(client.rawValue) is already set up: nothing changed\n" + report
    }
    try context.write(report)
  }

  /// The bytes of the file at `path` and its permission bits, or `nil`s when there is none.
  ///
  /// - Throws: ``McpInstallFailure/file(path:verb:reason:)`` when it cannot be read.
  static func contents(of path: String) throws(McpInstallFailure) -> (bytes: [UInt8]?, mode: UInt32?) {
    do {
      let status = try FileStatus.following(path)
      return (try BinaryFile.read(path), status.permissions)
    } catch  where error == .noEntry {
      return (nil, nil)
    } catch {
      throw .file(path: path, verb: "read", reason: error.description)
    }
  }

  /// Writes `bytes` to `path` atomically, creating its directories; through a symbolic link
  /// to the file it names, which stays a link.
  ///
  /// - Throws: ``McpInstallFailure/file(path:verb:reason:)``.
  static func write(_ bytes: [UInt8], to path: String, mode: UInt32?) throws(McpInstallFailure) {
    let target = mode == nil ? path : FileSystem.canonicalPath(path) ?? path
    var directory = ""
    for part in target.split(separator: "/").dropLast() {
      directory += "/" + part
      do { _ = try FileSystem.createDirectory(directory) } catch {
        throw .file(path: directory, verb: "create", reason: error.description)
      }
    }
    do { try BinaryFile.replace(target, with: bytes, mode: mode) } catch {
      throw .file(path: path, verb: "write", reason: error.description)
    }
  }
}
