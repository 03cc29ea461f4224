/// The zsh script (`_deeplink`, a `#compdef` file): data functions generated from the model,
/// then the fixed logic. Routes, commands, options and live values come with their help.
struct ZshScript {
  let model: CompletionModel

  var lines: [String] {
    ["#compdef deeplink"] + CompletionScript.header("#", shell: .zsh) + [""] + kind + [""] + names
      + [""] + options + [""] + shared.values + [""] + shared.arguments + [""] + Self.helpers
      + CompletionScript.routesFilePart(
        shared.routesFile + [""], logic: Self.logic, asking: "if _deeplink_other_table; then",
        tool: model.tool)
  }

  private func word(_ text: String) -> String { ShellLiteral.posix(text) }

  /// `_deeplink_value`, `_deeplink_argument` and `_deeplink_other_table`, shared with the other
  /// POSIX-like shell.
  private var shared: ShellCaseFunctions {
    ShellCaseFunctions(
      model: model, array: "reply", parenthesizedPatterns: true,
      wordsBeforeCursor: #""${(@)words[2,CURRENT-1]}""#,
      cachedTableTest: ShellCaseFunctions.zshCachedTableTest)
  }

  /// `name:help` for `_describe`, with any `:` in the name escaped.
  private func described(_ name: String, _ help: String) -> String {
    word(name.split(separator: ":", omittingEmptySubsequences: false).joined(separator: "\\:") + ":" + help)
  }

  var kind: [String] {
    ["# REPLY: route or command when $1 names one, else empty.", "_deeplink_kind() {", "  case $1 in"]
      + model.contexts.map { "    (\(word($0.name))) REPLY='\($0.kind.rawValue)' ;;" }
      + ["    (*) REPLY='' ;;", "  esac", "}"]
  }

  var names: [String] {
    var lines = [
      "# reply: the routes ($1 = route) or the commands ($1 = command), as name:help.",
      "_deeplink_names() {",
      "  if [[ $1 == route ]]; then",
      "    reply=(",
    ]
    lines += model.routes.map { "      " + described($0.name, $0.summary) }
    lines += ["    )", "  else", "    reply=("]
    lines += model.contexts.filter { $0.kind == .command }.map { "      " + described($0.name, $0.summary) }
    return lines + ["    )", "  fi", "}"]
  }

  var options: [String] {
    var lines = [
      "# reply: the options of context $1 (route:NAME, command:NAME or top), as option:help.",
      "_deeplink_options() {",
      "  case $1 in",
    ]
    for context in model.contexts {
      lines.append("    (\(word(context.key)))")
      lines.append("      reply=(")
      lines += context.options.map { "        " + described($0.flag, $0.summary) }
      lines.append("      ) ;;")
    }
    lines.append("    (*)")
    lines.append("      reply=(")
    lines += model.topLevelOptions.map { "        " + described($0.flag, $0.summary) }
    lines.append("      ) ;;")
    return lines + ["  esac", "}"]
  }
}
