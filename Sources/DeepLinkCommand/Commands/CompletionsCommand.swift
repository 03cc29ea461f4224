import DeepLinkRoutes
import DeepLinkWire

/// `deeplink completions`: Print a shell completion script.
struct CompletionsCommand: ToolCommand, Equatable {
  static let name = "completions"
  static let synopsis = "<bash | zsh | fish>"
  static let summary = "Print a shell completion script"

  static let operands = CommandOperands.one(
    "completions takes one shell", completion: .words(CompletionShell.allCases.map(\.rawValue)))

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    "Prints a completion script for the shell: a short one that asks \(tool.name) at "
      + "each Tab, so that routes, options and their values complete. Load it from your "
      + "shell's start-up file, as below."
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    return [
      ("source <(\(tool.name) completions bash)", "in ~/.bashrc"),
      ("\(tool.name) completions zsh > ~/.zfunc/_\(tool.name)", "with ~/.zfunc in $fpath"),
      ("\(tool.name) completions fish > ~/.config/fish/completions/\(tool.name).fish", ""),
    ]
  }

  /// The shell to write a script for.
  let shell: CompletionShell

  init(shell: CompletionShell) {
    self.shell = shell
  }

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {
    guard let word = arguments.words.first else {
      throw .missingArgument(
        Self.name, what: "a shell: \(CompletionShell.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    guard let shell = CompletionShell(rawValue: word) else {
      throw .unknownShell(
        word, suggestion: Suggestion.closest(to: word, in: CompletionShell.allCases.map(\.rawValue)))
    }
    self.shell = shell
  }

  func run(in context: CommandContext) throws {
    // The script holds no table: it asks the tool at every Tab.
    let script = CompletionScript.text(for: shell, tool: context.tool)
    try context.write(
      context.options.json
        ? JSON.object([("shell", .string(shell.rawValue)), ("script", .string(script))]).pretty + "\n"
        : script)
  }
}
