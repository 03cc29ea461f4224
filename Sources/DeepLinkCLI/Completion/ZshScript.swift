/// The zsh script (`_deeplink`, a `#compdef` file): data functions generated from the model,
/// then the fixed logic. Routes, commands, options and live values come with their help.
struct ZshScript {
  let model: CompletionModel

  var lines: [String] {
    ["#compdef deeplink"] + CompletionScript.header("#", shell: .zsh) + [""] + kind + [""] + names
      + [""] + options + [""] + values + [""] + arguments + [""] + Self.logic
  }

  private func word(_ text: String) -> String { ShellLiteral.posix(text) }

  private func list(_ words: [String]) -> String { words.map(word).joined(separator: " ") }

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

  var values: [String] {
    var lines = [
      "# REPLY: how the value of option $2 in context $1 completes: none, boolean, choices, live,",
      "# path or free. reply: the words of boolean and choices, the route and parameter of live.",
      "_deeplink_value() {",
      "  reply=()",
      "  case $1 in",
    ]
    for context in model.contexts {
      let arms = context.options.filter { !model.topLevelOptions.contains($0) }.compactMap(arm)
      guard !arms.isEmpty else { continue }
      lines.append("    (\(word(context.key)))")
      lines.append("      case $2 in")
      lines += arms.map { "        " + $0 + " return ;;" }
      lines.append("      esac")
      lines.append("      ;;")
    }
    lines.append("  esac")
    lines.append("  case $2 in")
    lines += model.topLevelOptions.compactMap(arm).map { "    " + $0 + " ;;" }
    lines.append("    (*) REPLY=none ;;")
    return lines + ["  esac", "}"]
  }

  private func arm(_ option: CompletionModel.Option) -> String? {
    let body =
      switch option.value {
      case .none: "REPLY=none"
      case .boolean(let words): "REPLY=boolean reply=(\(list(words)))"
      case .choices(let words): "REPLY=choices reply=(\(list(words)))"
      case .live(let route, let parameter): "REPLY=live reply=(\(list([route, parameter])))"
      case .path: "REPLY=path"
      case .free: "REPLY=free"
      }
    return "(\(word(option.flag))) \(body);"
  }

  var arguments: [String] {
    var lines = [
      "# REPLY: what the argument of context $1 is: none, topic, route, words, path or free.",
      "# reply: the words.",
      "_deeplink_argument() {",
      "  reply=()",
      "  case $1 in",
    ]
    for context in model.contexts {
      let body: String? =
        switch context.argument {
        case .none: nil
        case .topic: "REPLY=topic"
        case .route: "REPLY=route"
        case .words(let words): "REPLY=words reply=(\(list(words)))"
        case .path: "REPLY=path"
        case .free: "REPLY=free"
        }
      if let body { lines.append("    (\(word(context.key))) \(body) ;;") }
    }
    lines.append("    (*) REPLY=none ;;")
    return lines + ["  esac", "}"]
  }
}
