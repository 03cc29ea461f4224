package import DeepLinkRoutes
import DeepLinkWire

extension CompletionCallback {
  /// `words`: the question the scripts ask at every Tab.
  package static let words = "words"

  /// The lines for `deeplink __complete words WORD...`: a first line `words<TAB>PREFIX` with
  /// one `candidate<TAB>description` line per candidate after it, or the one line
  /// `path<TAB>PREFIX` (file names complete), or nothing at all. `PREFIX` is what the word
  /// at the cursor keeps before each candidate (`--sort=`), usually empty.
  ///
  /// - Parameters:
  ///   - words: the words after the program name, the last at the cursor (see
  ///     ``CompletionWalk/answer(_:model:)``).
  ///   - fetch: asks the app for live values; returns none when it cannot.
  ///   - targets: the `--target` values as `value<TAB>description` lines.
  package static func wordLines(
    _ words: [String], table: RouteTable, tool: ToolIdentity, fetch: (Query) -> [Value],
    targets: () -> [String] = { [] }
  ) -> [String] {
    switch CompletionWalk.answer(words, model: CompletionModel(table: table, tool: tool)) {
    case .nothing:
      return []
    case .path(let prefix):
      return ["path\t" + prefix]
    case .targets(let prefix):
      return ["words\t" + prefix] + targets()
    case .candidates(let prefix, let values):
      return ["words\t" + prefix] + values.map { $0.value + "\t" + description($0.description) }
    case .live(let prefix, let route, let name, let socket):
      guard let parameter = table.route(named: route)?.parameter(named: name) else { return [] }
      let values = fetch(Query(route: route, parameter: name, socket: socket))
      return ["words\t" + prefix] + lines(for: values, of: parameter)
    }
  }

  /// ``wordLines(_:table:tool:fetch:targets:)`` with the table of the line being completed
  /// (``completionTable(before:builtIn:deadline:home:)``): its routes file, else the table the
  /// app it aims at teaches (asked now, else cached), else a discovered routes file, else
  /// `builtIn`; a tool that reads no routes files (`readsRoutesFiles` false) completes its own
  /// table, `builtIn`. A routes file that cannot be read or is wrong gives no lines: running the
  /// command shows the error. Asking the app and fetching its live values share one budget
  /// (``budgetMilliseconds``, ``budgetVariable``).
  ///
  /// The environment dictionary is made only when needed (live values to fetch): the first
  /// dictionary costs a process a conformance lookup, measurable at start-up (BENCHMARKS.md),
  /// and this runs on every Tab; single variables are read with `getenv`.
  static func wordLines(
    _ words: [String], builtIn: RouteTable, tool: ToolIdentity, environmentValue: (String) -> String?,
    currentDirectory: () -> String?, isStandardOutput: (String) -> Bool, environment: () -> [String: String],
    targets: () -> [String]
  ) -> [String] {
    let deadline = Deadline.after(
      milliseconds: budget(environmentValue(budgetVariable.name), default: budgetMilliseconds))
    let found =
      tool.readsRoutesFiles
      ? completionTable(
        before: Array(words.dropLast()), builtIn: builtIn, tool: tool, deadline: deadline,
        environmentValue: environmentValue, currentDirectory: currentDirectory,
        isStandardOutput: isStandardOutput) : builtIn
    guard let table = found else { return [] }
    return wordLines(
      words, table: table, tool: tool,
      fetch: { query in fetch(query, environment: environment(), deadline: deadline) }, targets: targets)
  }
}
