import DeepLinkRoutes

@testable import DeepLinkCommand

/// The command a line must parse to, as a test spells it: `.link(…)`, `.batch(path: nil)`,
/// each the value of one command type.
enum ExpectedCommand: Sendable {
  case link(Link)
  case url(Link)
  case open(Link)
  case routes(RoutesFormat)
  case state
  case screen
  case screenshot(path: String, settling: Settling = Settling())
  case wait(pid: Int32?)
  case launch(relaunch: Bool)
  case mcp(pictures: Bool, settling: Settling = Settling())
  case batch(path: String?)
  case tour(TourRequest)
  case targets
  case approve
  case checkRelease(paths: [String], expectRegistered: Bool)
  case completions(shell: CompletionShell)
  case help(HelpTopic)
  case version
  case complete([String])

  /// The command value the parser must give.
  var parsed: any ParsedCommand {
    switch self {
    case .link(let link): LinkCommand(link: link)
    case .url(let link): URLCommand(link: link)
    case .open(let link): OpenCommand(link: link)
    case .routes(let format): RoutesCommand(format: format)
    case .state: StateCommand()
    case .screen: ScreenCommand()
    case .screenshot(let path, let settling): ScreenCommand(png: path, settling: settling)
    case .wait(let pid): WaitCommand(pid: pid)
    case .launch(let relaunch): LaunchCommand(relaunch: relaunch)
    case .mcp(let pictures, let settling): McpCommand(pictures: pictures, settling: settling)
    case .batch(let path): BatchCommand(path: path)
    case .tour(let request): TourCommand(request)
    case .targets: TargetsCommand()
    case .approve: ApproveCommand()
    case .checkRelease(let paths, let expectRegistered):
      CheckReleaseCommand(paths: paths, expectRegistered: expectRegistered)
    case .completions(let shell): CompletionsCommand(shell: shell)
    case .help(let topic): HelpCommand(topic)
    case .version: VersionCommand()
    case .complete(let arguments): CompletionCallbackCommand(arguments: arguments)
    }
  }
}

/// Whether a parsed command is the one expected.
func == (parsed: any ParsedCommand, expected: ExpectedCommand) -> Bool {
  parsed.isSame(as: expected.parsed)
}
