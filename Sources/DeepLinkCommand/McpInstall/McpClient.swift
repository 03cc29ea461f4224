/// A coding agent's client that `deeplink mcp install` sets up: where its project
/// configuration lives and how it names an MCP server there.
enum McpClient: String, CaseIterable, Hashable, Sendable {
  /// Claude Code: `.mcp.json`, `mcpServers`; and a skill.
  case claude
  /// Cursor: `.cursor/mcp.json`, `mcpServers`.
  case cursor
  /// VS Code: `.vscode/mcp.json`, `servers`, each with `"type": "stdio"`.
  case vscode
  /// Codex: `.codex/config.toml`, a `[mcp_servers.<name>]` table.
  case codex

  /// The configuration file, relative to the project's top level.
  var configurationPath: String {
    switch self {
    case .claude: ".mcp.json"
    case .cursor: ".cursor/mcp.json"
    case .vscode: ".vscode/mcp.json"
    case .codex: ".codex/config.toml"
    }
  }

  /// The JSON member that holds the servers, by name; `nil` for a TOML file.
  var serversKey: String? {
    switch self {
    case .claude, .cursor: "mcpServers"
    case .vscode: "servers"
    case .codex: nil
    }
  }

  /// The skill file Claude Code reads for `tool`, relative to the top level; `nil` for the
  /// others.
  func skillPath(tool: String) -> String? { self == .claude ? ".claude/skills/\(tool)/SKILL.md" : nil }

  /// `claude, cursor, vscode, codex`: for messages.
  static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
