import DeepLinkRoutes
import DeepLinkWire

/// `deeplink <route> [--<option> <value>...]`: sends the route's link, waits until the app
/// applied it, and prints the screen (the state with `--json`); with `--dry-run`, what would
/// be sent; with `--keep`, applies it again each time the app comes back (``KeptLink``).
struct LinkCommand: ParsedCommand, Equatable {
  /// The link to send.
  let link: Link

  static let takesKeep = true

  func run(in context: CommandContext) throws {
    if context.options.keep {
      try KeptLink(link: link).run(in: context)
      return
    }
    // A simulator app whose agent answers is served as the app target is.
    let routing = try context.devices.routed()
    let context = routing.context
    let target = try context.devices.target()
    guard target == .app else {
      try context.devices.deliver(context.table.url(for: link), to: target, resolved: routing.simulator)
      return
    }
    guard !context.options.dryRun else {
      try printDryRun(in: context)
      return
    }
    try context.printState(try context.app.send(link))
  }

  /// `--dry-run` with the app as the target: the canonical URL that would be sent, checked
  /// against the send length limit, and where; no app needed. With `--json`, `url` and `socket`.
  private func printDryRun(in context: CommandContext) throws {
    let url = context.table.url(for: link)
    try AppSession.checkFits(url: url)
    let path = context.socketPath
    try context.write(
      context.options.json
        ? JSON.object([("url", .string(url)), ("socket", .string(path))]).serialized + "\n"
        : "send \(url) to the app on \(path)\n")
  }
}
