/// The hidden completion callback, `deeplink __complete ARGS...`: what the completion scripts
/// ask `deeplink` at every Tab (``CompletionCallback``): `words WORD...`, the whole line; and,
/// for scripts installed by earlier versions, `values ROUTE PARAMETER [SOCKET]` and `targets`.
/// Not shown in help.
struct CompletionCallbackCommand: ParsedCommand, Equatable {
  /// The arguments after `__complete`, untouched.
  let arguments: [String]

  func run(in context: CommandContext) throws {
    let lines: [String]
    if arguments == [CompletionCallback.targets] {
      lines = context.devices.targetCompletionLines()
    } else if arguments.first == CompletionCallback.words {
      lines = CompletionCallback.wordLines(
        Array(arguments.dropFirst()), builtIn: context.table, tool: context.tool,
        environmentValue: context.environmentValue, currentDirectory: context.currentDirectory,
        isStandardOutput: context.output.isStandardOutput,
        environment: { context.environment }, targets: context.devices.targetCompletionLines)
    } else {
      lines = CompletionCallback.lines(arguments, table: context.table, environment: context.environment)
    }
    try context.write(lines.map { $0 + "\n" }.joined())
  }
}
