package import DeepLinkRoutes

/// A parsed command line: the command, checked against the route table, and the global
/// options that came with it. Nothing here has touched the socket yet.
///
///     deeplink recipe --id 42         // LinkCommand(recipe, id 42)
///     deeplink url recipe --id 42     // URLCommand(recipe, id 42)
///     deeplink open debug://settings  // OpenCommand(settings)
///     deeplink routes --markdown      // RoutesCommand(.markdown)
package struct Invocation: Equatable, Sendable {
  /// What to run.
  var command: any ParsedCommand
  package var options: GlobalOptions

  init(_ command: any ParsedCommand, options: GlobalOptions = GlobalOptions()) {
    self.command = command
    self.options = options
  }

  package static func == (left: Invocation, right: Invocation) -> Bool {
    left.command.isSame(as: right.command) && left.options == right.options
  }
}

extension Invocation {
  /// The link the command names: a route's, `url`'s or `open`'s; `nil` for any other command.
  package var link: Link? {
    switch command {
    case let command as LinkCommand: command.link
    case let command as URLCommand: command.link
    case let command as OpenCommand: command.link
    default: nil
    }
  }

  /// The help page the command shows, if it is `help` (or `--help`).
  package var helpTopic: HelpTopic? { (command as? HelpCommand)?.topic }
}
