/// The functions the bash and zsh scripts share, written once: the data functions
/// `_deeplink_value` and `_deeplink_argument` — the same `case` statements in each shell's
/// syntax (bash writes a pattern `x)`, zsh `(x)`), filling each shell's array
/// (`_deeplink_vals`, zsh's `reply`) — and `_deeplink_other_table`, which differs only in how
/// the shell slices its word array and globs.
struct ShellCaseFunctions {
  let model: CompletionModel
  /// The array the functions fill with words.
  let array: String
  /// Whether a pattern is written `(x)` (zsh) rather than `x)` (bash).
  let parenthesizedPatterns: Bool
  /// The words typed before the cursor's, the command's own left out: bash's
  /// `"${words[@]:1:last-1}"`, zsh's `"${(@)words[2,CURRENT-1]}"`.
  let wordsBeforeCursor: String

  /// How the shell tells that the cache directory `$cache/deeplink` holds a table: one glob,
  /// read by the shell itself (no process), quiet whatever the user's glob options.
  let cachedTableTest: String

  /// bash's: `compgen -G` matches without `failglob` or `nullglob` applying.
  static let bashCachedTableTest = #"compgen -G "$cache/\#(cacheFiles)" >/dev/null && return 0"#
  /// zsh's: a glob with the `N` qualifier, under zsh's own options.
  static let zshCachedTableTest =
    #"() { emulate -L zsh; local -a tables; tables=($cache/\#(cacheFiles)(N)); (( $#tables )) } && return 0"#
  /// `deeplink/table-*.json`: the files of the ``TableCache``, under the cache directory.
  static let cacheFiles = "deeplink/table-*.json"

  /// `_deeplink_other_table`: whether another table than the script's may be in effect.
  var routesFile: [String] {
    #"""
    # Succeeds when another table than this script's may be in effect, found as deeplink finds
    # it: --routes on the line, $\#(RoutesFile.environmentVariable.name), \#(RoutesFile.fileName) here or in a parent
    # directory, or a table an app has taught deeplink, kept in its cache (which app the line
    # aims at is deeplink's to tell). Then the data of this script (the built-in table) does
    # not apply, and deeplink itself is asked.
    _deeplink_other_table() {
      local word dir=$PWD cache=${\#(TableCache.environmentVariable.name)-}
      for word in \#(wordsBeforeCursor); do
        [[ $word == -- ]] && break
        [[ $word == \#(GlobalOption.routes.flag) || $word == \#(GlobalOption.routes.flag)=* ]] && return 0
      done
      [[ -n $\#(RoutesFile.environmentVariable.name) ]] && return 0
      [[ $cache == /* ]] || cache=$HOME/.cache
      \#(cachedTableTest)
      while :; do
        [[ -e $dir/\#(RoutesFile.fileName) ]] && return 0
        [[ -z $dir || $dir == / ]] && return 1
        dir=${dir%/*}
      done
    }
    """#.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  private func word(_ text: String) -> String { ShellLiteral.posix(text) }

  private func list(_ words: [String]) -> String { words.map(word).joined(separator: " ") }

  /// `pattern)` or `(pattern)`.
  private func pattern(_ text: String) -> String {
    parenthesizedPatterns ? "(\(text))" : "\(text))"
  }

  var values: [String] {
    var lines = [
      "# REPLY: how the value of option $2 in context $1 completes: none, boolean, choices, live,",
      "# path or free. \(array): the words of boolean and choices, the route and parameter of live.",
      "_deeplink_value() {",
      "  \(array)=()",
      "  case $1 in",
    ]
    for context in model.contexts {
      let arms = context.options.filter { !model.topLevelOptions.contains($0) }.compactMap(arm)
      guard !arms.isEmpty else { continue }
      lines.append("    \(pattern(word(context.key)))")
      lines.append("      case $2 in")
      lines += arms.map { "        " + $0 + " return ;;" }
      lines.append("      esac")
      lines.append("      ;;")
    }
    lines.append("  esac")
    lines.append("  case $2 in")
    lines += model.topLevelOptions.compactMap(arm).map { "    " + $0 + " ;;" }
    lines.append("    \(pattern("*")) REPLY=none ;;")
    return lines + ["  esac", "}"]
  }

  /// `--sort) REPLY=choices _deeplink_vals=(name newest rating);`, or `nil` for a flag.
  private func arm(_ option: CompletionModel.Option) -> String? {
    let body =
      switch option.value {
      case .none: "REPLY=none"
      case .boolean(let words): "REPLY=boolean \(array)=(\(list(words)))"
      case .choices(let words): "REPLY=choices \(array)=(\(list(words)))"
      case .live(let route, let parameter): "REPLY=live \(array)=(\(list([route, parameter])))"
      case .path: "REPLY=path"
      case .free: "REPLY=free"
      case .targets: "REPLY=targets"
      }
    return "\(pattern(word(option.flag))) \(body);"
  }

  var arguments: [String] {
    var lines = [
      "# REPLY: what the argument of context $1 is: none, topic, route, words, subcommands, path",
      "# or free.",
      "# \(array): the words.",
      "_deeplink_argument() {",
      "  \(array)=()",
      "  case $1 in",
    ]
    for context in model.contexts {
      let body: String? =
        switch context.argument {
        case .none: nil
        case .topic: "REPLY=topic"
        case .route: "REPLY=route"
        case .words(let words): "REPLY=words \(array)=(\(list(words)))"
        case .subcommands(let words): "REPLY=subcommands \(array)=(\(list(words)))"
        case .path: "REPLY=path"
        case .free: "REPLY=free"
        }
      if let body { lines.append("    \(pattern(word(context.key))) \(body) ;;") }
    }
    lines.append("    \(pattern("*")) REPLY=none ;;")
    return lines + ["  esac", "}"]
  }
}
