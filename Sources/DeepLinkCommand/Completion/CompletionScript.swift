package import DeepLinkRoutes

/// The completion scripts of `deeplink completions bash|zsh|fish`, and of `completions/`.
///
/// Each script carries the whole static part (routes, commands, options, choices and their
/// help) as data, so completing it starts no process; values only the running app knows come
/// from the hidden callback, ``CompletionCallback``.
///
///     print(CompletionScript.text(for: .zsh, table: .builtIn, tool: .deeplink), terminator: "")
package enum CompletionScript {
  /// The script of `tool` for `shell`, ending in a newline: print it as it is.
  package static func text(for shell: CompletionShell, table: RouteTable, tool: ToolIdentity) -> String {
    let model = CompletionModel(table: table, tool: tool)
    let lines =
      switch shell {
      case .bash: BashScript(model: model).lines
      case .zsh: ZshScript(model: model).lines
      case .fish: FishScript(model: model).lines
      }
    let script = lines.joined(separator: "\n") + "\n"
    return tool.name == "deeplink" ? script : renamed(script, tool: tool)
  }

  /// The script written for `deeplink`, for the tool's own name: its functions
  /// (`_deeplink_value` → `_shop_value`), the command it completes and calls back, and the
  /// header. Route data (help, choices) is left as the table declares it.
  static func renamed(_ script: String, tool: ToolIdentity) -> String {
    let name = tool.name
    let identifier = tool.identifier
    return script.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      var line = String(line)
      line = line.replacing("_deeplink", with: "_" + identifier)
      for (old, new) in [
        ("command=deeplink", "command=\(name)"), ("set command deeplink", "set command \(name)"),
        ("#compdef deeplink", "#compdef \(name)"), ("complete -c deeplink ", "complete -c \(name) "),
        ("completion for deeplink.", "completion for \(name)."), ("`deeplink ", "`\(name) "),
        ("and deeplink itself is asked", "and \(name) itself is asked"),
        ("as deeplink finds", "as \(name) finds"), ("taught deeplink,", "taught \(name),"),
        ("deeplink's to tell", "\(name)'s to tell"),
      ] {
        line = line.replacing(old, with: new)
      }
      let trimmed = line.drop(while: { $0 == " " })
      if (trimmed.hasPrefix("complete -F ") || trimmed.hasPrefix("compdef ")), line.hasSuffix(" deeplink") {
        line = String(line.dropLast("deeplink".count)) + name
      }
      return line
    }.joined(separator: "\n")
  }

  /// The file name in `completions/`: `deeplink.bash`, `_deeplink` (zsh's `#compdef`
  /// convention), `deeplink.fish`.
  package static func fileName(for shell: CompletionShell, tool: ToolIdentity) -> String {
    switch shell {
    case .bash: "\(tool.name).bash"
    case .zsh: "_\(tool.name)"
    case .fish: "\(tool.name).fish"
    }
  }

  /// Where `make install` puts the script, under the prefix: where each shell looks by default.
  package static func installPath(for shell: CompletionShell, tool: ToolIdentity) -> String {
    switch shell {
    case .bash: "share/bash-completion/completions/\(tool.name)"
    case .zsh: "share/zsh/site-functions/_\(tool.name)"
    case .fish: "share/fish/vendor_completions.d/\(tool.name).fish"
    }
  }

  // The global options the scripts' fixed logic names, inserted from their declarations.

  /// `--socket`: its value is the socket the callback asks.
  static let socketFlag = GlobalOption.socket.flag
  /// `-h`: never taken as an option's value, like any `--…` (as the parser does).
  static let helpShortFlag = GlobalOption.helpShortFlag
  /// `-h`, `--help`, `--version`: after one of these, nothing completes.
  static let finalFlags = GlobalOption.allCases.filter(\.replacesCommand).flatMap(\.spellings)

  /// `routesFile` (the function that finds a routes file) then `logic`, in a tool that reads
  /// routes files; else `logic` alone, without the four lines from `asking` (`if
  /// _deeplink_other_table; then`, which hands the line to the callback, to its `fi`).
  static func routesFilePart(
    _ routesFile: [String], logic: [String], asking: String, tool: ToolIdentity
  ) -> [String] {
    guard !tool.readsRoutesFiles else { return routesFile + logic }
    return withoutBlock(logic, from: asking, lines: 4)
  }

  /// The fish logic, without `__deeplink_other_table` and its use when the tool reads no
  /// routes files.
  static func withoutRoutesFile(fish logic: [String], tool: ToolIdentity) -> [String] {
    guard !tool.readsRoutesFiles else { return logic }
    guard
      let start = logic.firstIndex(where: {
        $0.hasPrefix("# Succeeds when another table than this script's may be in effect")
      }),
      let end = logic[start...].firstIndex(of: "end")
    else { preconditionFailure("the fish logic has no __deeplink_other_table function to leave out") }
    var lines = logic
    lines.removeSubrange(start...(end + 1 < lines.count && lines[end + 1].isEmpty ? end + 1 : end))
    return withoutBlock(lines, from: "if __deeplink_other_table", lines: 4)
  }

  /// `lines` without the `count` lines from the first whose text (indentation aside) is `first`,
  /// which must be there.
  private static func withoutBlock(_ lines: [String], from first: String, lines count: Int) -> [String] {
    // The logic is ours, so a missing line is a bug here: a script left with a routes-file
    // lookup the tool cannot serve must not be generated quietly.
    guard let start = lines.firstIndex(where: { $0.drop(while: { $0 == " " }) == first }) else {
      preconditionFailure("the completion logic has no line '\(first)' to leave out")
    }
    var kept = lines
    kept.removeSubrange(start..<min(start + count, kept.count))
    return kept
  }

  /// The first lines of every script: what it is and that it is generated.
  static func header(_ comment: String, shell: CompletionShell) -> [String] {
    [
      "\(comment) \(shell.rawValue) completion for deeplink.",
      "\(comment) Generated by `deeplink completions \(shell.rawValue)` from the route table: do not edit,",
      "\(comment) run `make completions`.",
      "\(comment)",
      "\(comment) Routes, commands, options and choices are all in this file: completing them starts no",
      "\(comment) process. Values only the running app knows (the ids of its records) come from",
      "\(comment) `deeplink \(CommandRegistry.completeCallback) values ROUTE PARAMETER [SOCKET]`, one",
      "\(comment) `value<TAB>description` per line; they are compared and quoted, never evaluated.",
    ]
  }
}
