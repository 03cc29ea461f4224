/// The bash script: data functions generated from the model, then the fixed logic.
///
/// Self-contained (bash-completion is welcome but not needed). Only `case` statements and
/// variables on the static path; the callback runs only for a live value.
struct BashScript {
  let model: CompletionModel

  var lines: [String] {
    CompletionScript.header("#", shell: .bash) + [""] + kind + [""] + names + [""] + options + [""]
      + shared.values + [""] + shared.arguments + [""] + Self.helpers
      + CompletionScript.routesFilePart(
        shared.routesFile + [""], logic: Self.logic, asking: "if _deeplink_other_table; then",
        tool: model.tool)
  }

  private func word(_ text: String) -> String { ShellLiteral.posix(text) }

  /// `_deeplink_value`, `_deeplink_argument` and `_deeplink_other_table`, shared with the other
  /// POSIX-like shell.
  private var shared: ShellCaseFunctions {
    ShellCaseFunctions(
      model: model, array: "_deeplink_vals", parenthesizedPatterns: false,
      wordsBeforeCursor: #""${words[@]:1:last-1}""#,
      cachedTableTest: ShellCaseFunctions.bashCachedTableTest)
  }

  private func list(_ words: [String]) -> String { words.map(word).joined(separator: " ") }

  var kind: [String] {
    ["# REPLY: route or command when $1 names one, else empty.", "_deeplink_kind() {", "  case $1 in"]
      + model.contexts.map { "    \(word($0.name))) REPLY='\($0.kind.rawValue)' ;;" }
      + ["    *) REPLY='' ;;", "  esac", "}"]
  }

  var names: [String] {
    [
      "# _deeplink_vals: the routes ($1 = route) or the routes and commands ($1 = topic).",
      "_deeplink_names() {",
    ]
      + Self.wrap("_deeplink_vals=(", model.routes.map { word($0.name) }, ")", indent: "  ")
      + ["  [[ $1 == route ]] && return"]
      + Self.wrap(
        "_deeplink_vals+=(", model.contexts.filter { $0.kind == .command }.map { word($0.name) }, ")",
        indent: "  ")
      + ["}"]
  }

  /// `open` + `words` + `close` on lines of at most 100 characters, continued with more indent.
  static func wrap(_ open: String, _ words: [String], _ close: String, indent: String) -> [String] {
    var lines: [String] = []
    var line = indent + open
    var first = true
    for word in words {
      if !first, line.count + 1 + word.count > 100 {
        lines.append(line)
        line = indent + "  " + word
      } else {
        line += (first ? "" : " ") + word
      }
      first = false
    }
    return lines + [line + close]
  }

  var options: [String] {
    var lines = [
      "# _deeplink_opts: the options of context $1 (route:NAME, command:NAME or top).",
      "_deeplink_options() {",
      "  case $1 in",
    ]
    for context in model.contexts {
      lines.append("    \(word(context.key))) _deeplink_opts=(\(list(context.options.map(\.flag)))) ;;")
    }
    lines.append("    *) _deeplink_opts=(\(list(model.topLevelOptions.map(\.flag)))) ;;")
    return lines + ["  esac", "}"]
  }
}
