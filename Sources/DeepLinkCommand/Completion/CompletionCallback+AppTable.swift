import DeepLinkRoutes
import DeepLinkWire

extension CompletionCallback {
  /// The table a Tab completes against, in the order every `deeplink` command uses
  /// (``TableSource/table(for:builtIn:tool:environment:)``): the routes file `--routes`
  /// (`~/` expanded) or `DEEPLINK_ROUTES` names; else the table of the app the line aims at
  /// (``AnsweringApp``: asked within what is left of `deadline`, else the one it served last,
  /// from the cache); else `deeplink.routes.json` found from the current directory;
  /// else `builtIn`.
  ///
  /// `nil` when a routes file in effect cannot be read or is wrong: running the command shows
  /// the error. A Tab prints nothing else either: a cache file that cannot be used, a table the
  /// app serves that is refused, or an app that does not answer in time fall back, silently,
  /// to the cached table, then to the discovered file or `builtIn`.
  ///
  /// - Parameters:
  ///   - words: the words typed before the one at the cursor.
  ///   - environmentValue: reads a variable (`HOME` only for a `~/` to expand);
  ///     `currentDirectory` names the directory a routes file is found from;
  ///     `isStandardOutput` says whether a path is the command's standard output.
  static func completionTable(
    before words: [String], builtIn: RouteTable, tool: ToolIdentity, deadline: Deadline,
    environmentValue: (String) -> String?, currentDirectory: () -> String?,
    isStandardOutput: (String) -> Bool
  ) -> RouteTable? {
    let option = Invocation.routesOption(in: words).map {
      $0.hasPrefix("~") ? expandingTilde($0, home: environmentValue(homeVariable.name)) : $0
    }
    let source = TableSource.resolve(
      option: option, environment: environmentValue, currentDirectory: currentDirectory,
      isStandardOutput: isStandardOutput)
    guard let known = try? source.contents(builtIn: builtIn, isStandardOutput: isStandardOutput) else {
      return nil
    }
    switch source {
    case .option, .environment: return known.table
    default: break
    }
    guard
      let app = AnsweringApp(
        arguments: appArguments(words, home: { environmentValue(homeVariable.name) }),
        environment: environmentValue)
    else { return known.table }
    let lookup = app.lookup(known: known, environment: environmentValue, tool: tool.name)
    let milliseconds = Int(deadline.remainingMilliseconds)
    guard milliseconds > 0 else { return lookup.cached().contents?.table ?? known.table }
    do {
      return try app.table(lookup, timeoutMilliseconds: milliseconds)?.contents.table ?? known.table
    } catch {
      // A slow app, or a table it serves that is refused: what it served last, if anything.
      return lookup.cached().contents?.table ?? known.table
    }
  }

  /// `words` for ``AnsweringApp``: a `--socket ~/…` on the line (a `~` the shell has not
  /// expanded yet, as it will when the command runs) given first with `~/` expanded.
  private static func appArguments(_ words: [String], home: () -> String?) -> [String] {
    guard let socket = Invocation.optionValue(.socket, in: words), socket.hasPrefix("~") else { return words }
    return [GlobalOption.socket.flag, expandingTilde(socket, home: home())] + words
  }
}
