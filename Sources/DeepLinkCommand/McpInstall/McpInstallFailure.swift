/// Why `deeplink mcp install` changed nothing: every case leaves every file as it was.
///
///     McpInstallFailure.unparsable(path: "/p/.mcp.json", line: 3, column: 5, reason: "…").message(for: .deeplink)
///     // /p/.mcp.json:3:5: cannot read the file (…); it was left as it is: fix it, …
enum McpInstallFailure: CommandFailure, Hashable, Sendable {
  /// A configuration file that does not parse, or whose shape holds no servers: where.
  case unparsable(path: String, line: Int?, column: Int?, reason: String)
  /// A `deeplink` entry already there and different from the one this line writes, kept
  /// without `--force`: both, as written in the file.
  case differentEntry(path: String, existing: String, wanted: String)
  /// A file that cannot be read, or written (with the system's reason).
  case file(path: String, verb: String, reason: String)

  func message(for tool: ToolIdentity) -> String {
    switch self {
    case .unparsable(let path, let line, let column, let reason):
      "\(path)\(line.map { ":\($0)" } ?? "")\(column.map { ":\($0)" } ?? ""): cannot read the file "
        + "(\(reason)); it was left as it is: fix it, or move it away and run this again"
    case .differentEntry(let path, let existing, let wanted):
      "\(path) already holds another '\(tool.name)' entry than this line writes; it was kept "
        + "as it is, and nothing was written: --force replaces it\n"
        + "In the file:\n\(existing.indented)\nThis line would write:\n\(wanted.indented)"
    case .file(let path, let verb, let reason):
      "cannot \(verb) \(path): \(reason)"
    }
  }

  /// 65 for a file that does not parse, 1 for a different entry
  /// kept, 66 for a file that cannot be read or written.
  var exitCode: ExitCode {
    switch self {
    case .unparsable: .rejected
    case .differentEntry: .checkFailed
    case .file: .unreadable
    }
  }

  var kind: String {
    switch self {
    case .unparsable, .file: FailureKind.unreadable.rawValue
    case .differentEntry: FailureKind.differences.rawValue
    }
  }
}

extension String {
  /// Each line indented by four spaces, without the final line break.
  fileprivate var indented: String {
    (hasSuffix("\n") ? String(dropLast()) : self).split(separator: "\n", omittingEmptySubsequences: false)
      .map { "    " + $0 }.joined(separator: "\n")
  }
}
