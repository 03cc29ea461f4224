/// The fish script: data functions generated from the model, then the fixed logic. Fish runs
/// its functions in-process, so even `(__deeplink_options …)` starts no process.
struct FishScript {
  let model: CompletionModel

  var lines: [String] {
    CompletionScript.header("#", shell: .fish) + [""] + kind + [""] + names + [""] + options + [""]
      + values + [""] + arguments + [""]
      + CompletionScript.withoutRoutesFile(fish: Self.logic, tool: model.tool)
  }

  private func word(_ text: String) -> String { ShellLiteral.fish(text) }

  private func list(_ words: [String]) -> String { words.map(word).joined(separator: " ") }

  /// `printf '%s\t%s\n' \` and one `name help \` line per pair: fish's printf reuses its format.
  private func printPairs(_ pairs: [(String, String)], indent: String) -> [String] {
    [indent + #"printf '%s\t%s\n' \"#]
      + pairs.enumerated().map { index, pair in
        indent + "  " + word(pair.0) + " " + word(pair.1) + (index == pairs.count - 1 ? "" : " \\")
      }
  }

  var kind: [String] {
    var lines = [
      "# Prints route or command when $argv[1] names one.", "function __deeplink_kind", "  switch $argv[1]",
    ]
    for context in model.contexts {
      lines += ["    case \(word(context.name))", "      echo \(context.kind.rawValue)"]
    }
    return lines + ["  end", "end"]
  }

  var names: [String] {
    [
      "# Prints the routes ($argv[1] = route) or the commands ($argv[1] = command) with their help.",
      "function __deeplink_names",
      "  if test \"$argv[1]\" = route",
    ]
      + printPairs(model.routes.map { ($0.name, $0.summary) }, indent: "    ")
      + ["  else"]
      + printPairs(
        model.contexts.filter { $0.kind == .command }.map { ($0.name, $0.summary) }, indent: "    ")
      + ["  end", "end"]
  }

  var options: [String] {
    var lines = [
      "# Prints the options of context $argv[1] (route:NAME, command:NAME or top) with their help.",
      "function __deeplink_options",
      "  switch $argv[1]",
    ]
    for context in model.contexts {
      lines.append("    case \(word(context.key))")
      lines += printPairs(context.options.map { ($0.flag, $0.summary) }, indent: "      ")
    }
    lines.append("    case '*'")
    lines += printPairs(model.topLevelOptions.map { ($0.flag, $0.summary) }, indent: "      ")
    return lines + ["  end", "end"]
  }

  var values: [String] {
    var lines = [
      "# Prints how the value of option $argv[2] in context $argv[1] completes (none, boolean,",
      "# choices, live, path or free), then the words of boolean and choices, or the route and",
      "# parameter of live.",
      "function __deeplink_value",
      "  switch $argv[1]",
    ]
    for context in model.contexts {
      let arms = context.options.filter { !model.topLevelOptions.contains($0) }.compactMap(arm)
      guard !arms.isEmpty else { continue }
      lines.append("    case \(word(context.key))")
      lines.append("      switch $argv[2]")
      for (flag, body) in arms {
        lines += ["        case \(flag)", "          \(body)", "          return"]
      }
      lines.append("      end")
    }
    lines.append("  end")
    lines.append("  switch $argv[2]")
    for (flag, body) in model.topLevelOptions.compactMap(arm) {
      lines += ["    case \(flag)", "      \(body)"]
    }
    lines += ["    case '*'", "      echo none"]
    return lines + ["  end", "end"]
  }

  private func arm(_ option: CompletionModel.Option) -> (String, String)? {
    let body =
      switch option.value {
      case .none: "echo none"
      case .boolean(let words): "printf '%s\\n' boolean \(list(words))"
      case .choices(let words): "printf '%s\\n' choices \(list(words))"
      case .live(let route, let parameter): "printf '%s\\n' live \(list([route, parameter]))"
      case .path: "echo path"
      case .free: "echo free"
      case .targets: "echo targets"
      }
    return (word(option.flag), body)
  }

  var arguments: [String] {
    var lines = [
      "# Prints what the argument of context $argv[1] is (none, topic, route, words, subcommands,",
      "# path or free), then the words.",
      "function __deeplink_argument",
      "  switch $argv[1]",
    ]
    for context in model.contexts {
      let body: String? =
        switch context.argument {
        case .none: nil
        case .topic: "echo topic"
        case .route: "echo route"
        case .words(let words): "printf '%s\\n' words \(list(words))"
        case .subcommands(let words): "printf '%s\\n' subcommands \(list(words))"
        case .path: "echo path"
        case .free: "echo free"
        }
      if let body { lines += ["    case \(word(context.key))", "      \(body)"] }
    }
    lines += ["    case '*'", "      echo none"]
    return lines + ["  end", "end"]
  }
}
