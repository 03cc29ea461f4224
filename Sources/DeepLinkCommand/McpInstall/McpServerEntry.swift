import DeepLinkWire

/// The server entry `deeplink mcp install` writes: the tool as invoked, `mcp`, and the global
/// options of the line that choose the app (`--socket`, `--target`, `--package`,
/// `--bundle-id`, `--routes`, `--timeout`), so the client starts the server the user would.
///
///     McpServerEntry(command: "deeplink", args: ["mcp", "--socket", "/tmp/app.sock"])
///       .json(for: .vscode).serialized
///     // {"type":"stdio","command":"deeplink","args":["mcp","--socket","/tmp/app.sock"]}
struct McpServerEntry: Hashable, Sendable {
  /// The program: the tool's name (`deeplink`).
  let command: String
  /// `mcp` and the options.
  let args: [String]

  init(command: String, args: [String]) {
    self.command = command
    self.args = args
  }

  /// The entry for `options`, given on the line. A relative `--socket` or `--routes` path is
  /// made relative to `topLevel`, where the client starts the server, from `directory`, where
  /// it was typed.
  init(command: String, options: GlobalOptions, directory: String, topLevel: String) {
    var args = ["mcp"]
    if let socket = options.socket {
      args += [GlobalOption.socket.flag, Self.path(socket, from: directory, under: topLevel)]
    }
    if let target = options.target { args += [GlobalOption.target.flag, target.text] }
    if let package = options.package { args += [GlobalOption.package.flag, package] }
    if let bundleID = options.bundleID { args += [GlobalOption.bundleID.flag, bundleID] }
    if let routes = options.routes {
      args += [GlobalOption.routes.flag, Self.path(routes, from: directory, under: topLevel)]
    }
    if let timeout = options.timeout {
      args += [
        GlobalOption.timeout.flag, timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout),
      ]
    }
    self.init(command: command, args: args)
  }

  /// The entry as the JSON of `client`'s file.
  func json(for client: McpClient) -> JSON {
    var members: [(String, JSON)] = []
    if client == .vscode { members.append(("type", .string("stdio"))) }
    members.append(("command", .string(command)))
    members.append(("args", .array(args.map(JSON.string))))
    return .object(members)
  }

  /// The entry as a TOML table named `name` under `mcp_servers`, each line ending in a line break.
  func toml(named name: String) -> String {
    """
    [mcp_servers.\(McpConfigMerge.tomlKey(name))]
    command = \(Self.tomlString(command))
    args = [\(args.map(Self.tomlString).joined(separator: ", "))]

    """
  }

  /// Whether a TOML table's entries are exactly this entry's: `command` and `args`, nothing else.
  func matches(_ entries: [(key: [String], value: TOMLDocument.Value)]) -> Bool {
    entries.count == 2
      && entries.contains { $0.key == ["command"] && $0.value == .string(command) }
      && entries.contains { $0.key == ["args"] && $0.value == .array(args.map(TOMLDocument.Value.string)) }
  }

  /// `text` as a TOML basic string, escaped as JSON escapes it (TOML accepts the same forms).
  static func tomlString(_ text: String) -> String { JSON.string(text).serialized }

  /// `path` as the server should see it from `topLevel`: absolute as given, else resolved from
  /// `directory` and, when inside `topLevel`, relative to it.
  static func path(_ path: String, from directory: String, under topLevel: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    var parts: [Substring] = []
    for part in (directory + "/" + path).split(separator: "/") {
      switch part {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    let absolute = "/" + parts.joined(separator: "/")
    let prefix = topLevel.hasSuffix("/") ? topLevel : topLevel + "/"
    return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
  }
}
