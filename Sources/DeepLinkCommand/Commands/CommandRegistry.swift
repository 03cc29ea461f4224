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

  /// The command called `name`.
  static func command(named name: String) -> (any ToolCommand.Type)? {
    commands.first { $0.name == name }
  }

  /// Every command's name, in help's order.
  static var names: [String] { commands.map { $0.name } }
}
