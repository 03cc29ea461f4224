package import DeepLinkRoutes

extension Invocation {
  /// Parses `deeplink`'s arguments (without the program name) against `table`.
  ///
  ///     try Invocation.parse(["recipe", "--id", "42", "--json"], table: .recipeSample)
  ///     // LinkCommand(recipe, id 42), options.json == true
  ///     try Invocation.parse(["recipe", "--id", "abc", "--help"], table: .recipeSample)
  ///     // HelpCommand(.route(recipe)): help wins over the error
  ///
  /// The rules:
  /// - `--name value` and `--name=value`; a boolean parameter is a flag (`--unsaved`), and
  ///   also takes `--unsaved=true|false`, but never the next word.
  /// - A parameter that needs a value takes the next argument as it is, whatever it starts
  ///   with (`--id -1`, `--message -x`, `--message ''`), except `--`, an argument starting
  ///   with `--`, and `-h`: those are never swallowed, so `--message --json` is "--message
  ///   needs a value". Write `--message=--json` for such a value. The same holds for `--socket`
  ///   and `--timeout`.
  /// - `--name=` is an explicit empty value and never takes the next argument.
  /// - `--` ends the options: later arguments are plain words (for `open`, the URL).
  /// - `-h` and `--help` anywhere before `--` show the help of the command at hand, and
  ///   `--version` the version, even when the rest of the line is wrong (but an unknown
  ///   command is still an error, with a suggestion).
  /// - Global options (`--socket`, `--timeout`, `--json`, `--quiet`) go before or after the
  ///   command. No route parameter shares a global option's name: those names are
  ///   `DeepLinkTool.reservedParameterNames`, which `DeepLinkTool.problems` reports (tests keep the
  ///   built-in table free of problems). A table that skipped that check still parses the
  ///   same way every time: after a route, its own parameter is looked up first.
  /// - `deeplink` alone is the top-level help; `deeplink __complete ARGS...` passes `ARGS`
  ///   through untouched.
  ///
  /// - Throws: ``UsageError`` for the first thing wrong, left to right.
  package static func parse(_ arguments: [String], table: RouteTable) throws(UsageError) -> Invocation {
    if arguments.first == CommandRegistry.completeCallback {
      return Invocation(CompletionCallbackCommand(arguments: Array(arguments.dropFirst())))
    }
    var parser = InvocationParser(tokens: ArgumentTokenizer.tokenize(arguments), table: table)
    return try parser.parse()
  }

  /// The value of the first `--routes` before any `--`, read before parsing, since the routes
  /// file decides the table the rest is parsed against. `nil` when there is none, or it has no
  /// value (the parse then reports that).
  ///
  ///     Invocation.routesOption(in: ["--routes", "shop.json", "product", "--id", "1"])  // "shop.json"
  ///     Invocation.routesOption(in: ["open", "--", "--routes=x"])  // nil
  package static func routesOption(in arguments: [String]) -> String? {
    optionValue(GlobalOption.routes, in: arguments)
  }

  /// The value of the first global `option` before any `--`, read before parsing (the
  /// routes file, and the app whose table to use, decide the table the rest is parsed
  /// against); `nil` when there is none, or it has no value (the parse then reports that).
  static func optionValue(_ option: GlobalOption, in arguments: [String]) -> String? {
    let flag = option.flag
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if argument == "--" { return nil }
      guard argument.hasPrefix(flag) else { continue }
      if argument == flag {
        guard index < arguments.endIndex, !arguments[index].hasPrefix("--"), arguments[index] != "-h" else {
          return nil
        }
        return arguments[index]
      }
      if argument.hasPrefix(flag + "=") {
        let value = argument.dropFirst(flag.count + 1)
        return value.isEmpty ? nil : String(value)
      }
    }
    return nil
  }
}
