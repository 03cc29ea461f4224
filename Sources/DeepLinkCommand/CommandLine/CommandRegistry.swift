/// Every command of the tool besides its routes, in the order help lists them: the one list
/// that parsing, help, the man page, completion and the reserved route names read.
enum CommandRegistry {
  static let commands: [any ToolCommand.Type] = [
    URLCommand.self,
    OpenCommand.self,
    RoutesCommand.self,
    StateCommand.self,
    ScreenCommand.self,
    WaitCommand.self,
    LaunchCommand.self,
    BatchCommand.self,
    TourCommand.self,
    TargetsCommand.self,
    ApproveCommand.self,
    McpCommand.self,
    CheckReleaseCommand.self,
    CompletionsCommand.self,
    HelpCommand.self,
    VersionCommand.self,
  ]

  /// The hidden command the completion scripts call back: `deeplink __complete ARGS...`. Not
  /// shown in help and not offered by completion.
  static let completeCallback = "__complete"

  /// The command called `name`, or the subcommand (`mcp install`).
  static func command(named name: String) -> (any ToolCommand.Type)? {
    // Only a name with a space names a subcommand: a route's name (the common case) is looked
    // up in the top-level list alone, not in a list built of every command's subcommands.
    guard name.utf8.contains(UInt8(ascii: " ")) else { return commands.first { $0.name == name } }
    return all.first { $0.name == name }
  }

  /// Every command, each followed by its subcommands: what the man page lists.
  static var all: [any ToolCommand.Type] { commands.flatMap { [$0] + $0.subcommands } }

  /// The subcommand of `command` that `word` names (`install` after `mcp`), if any.
  static func subcommand(of command: any ToolCommand.Type, named word: String) -> (any ToolCommand.Type)? {
    command.subcommands.first { $0.name == command.name + " " + word }
  }

  /// Every command's name, in help's order.
  static var names: [String] { commands.map { $0.name } }
}
