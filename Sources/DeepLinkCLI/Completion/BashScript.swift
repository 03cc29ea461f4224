/// The bash script: data functions generated from the model, then the fixed logic.
///
/// Self-contained (bash-completion is welcome but not needed). Only `case` statements and
/// variables on the static path; the callback runs only for a live value.
struct BashScript {
  let model: CompletionModel

  var lines: [String] {
    CompletionScript.header("#", shell: .bash) + [""] + kind + [""] + names + [""] + options + [""]
      + values + [""] + arguments + [""] + Self.logic
  }

  private func word(_ text: String) -> String { ShellLiteral.posix(text) }

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

  var values: [String] {
    var lines = [
      "# REPLY: how the value of option $2 in context $1 completes: none, boolean, choices, live,",
      "# path or free. _deeplink_vals: the words of boolean and choices, the route and parameter",
      "# of live.",
      "_deeplink_value() {",
      "  _deeplink_vals=()",
      "  case $1 in",
    ]
    for context in model.contexts {
      let arms = context.options.filter { !model.topLevelOptions.contains($0) }.compactMap(arm)
      guard !arms.isEmpty else { continue }
      lines.append("    \(word(context.key)))")
      lines.append("      case $2 in")
      lines += arms.map { "        " + $0 + " return ;;" }
      lines.append("      esac")
      lines.append("      ;;")
    }
    lines.append("  esac")
    lines.append("  case $2 in")
    lines += model.topLevelOptions.compactMap(arm).map { "    " + $0 + " ;;" }
    lines.append("    *) REPLY=none ;;")
    return lines + ["  esac", "}"]
  }

  /// `--sort) REPLY=choices _deeplink_vals=(name newest rating);`, or `nil` for a flag.
  private func arm(_ option: CompletionModel.Option) -> String? {
    let body =
      switch option.value {
      case .none: "REPLY=none"
      case .boolean(let words): "REPLY=boolean _deeplink_vals=(\(list(words)))"
      case .choices(let words): "REPLY=choices _deeplink_vals=(\(list(words)))"
      case .live(let route, let parameter): "REPLY=live _deeplink_vals=(\(list([route, parameter])))"
      case .path: "REPLY=path"
      case .free: "REPLY=free"
      }
    return "\(word(option.flag))) \(body);"
  }

  var arguments: [String] {
    var lines = [
      "# REPLY: what the argument of context $1 is: none, topic, route, words, path or free.",
      "# _deeplink_vals: the words.",
      "_deeplink_argument() {",
      "  _deeplink_vals=()",
      "  case $1 in",
    ]
    for context in model.contexts {
      let body: String? =
        switch context.argument {
        case .none: nil
        case .topic: "REPLY=topic"
        case .route: "REPLY=route"
        case .words(let words): "REPLY=words _deeplink_vals=(\(list(words)))"
        case .path: "REPLY=path"
        case .free: "REPLY=free"
        }
      if let body { lines.append("    \(word(context.key))) \(body) ;;") }
    }
    lines.append("    *) REPLY=none ;;")
    return lines + ["  esac", "}"]
  }
}
