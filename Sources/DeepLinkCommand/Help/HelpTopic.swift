package import DeepLinkRoutes

/// What a help page is about.
package enum HelpTopic: Hashable, Sendable {
  /// `deeplink`, `deeplink help`, `deeplink --help`.
  case topLevel
  /// `deeplink help batch`, `deeplink batch --help`: a command of ``CommandRegistry``, by name.
  case command(String)
  /// `deeplink help recipe`, `deeplink recipe --help`, `deeplink url recipe --help`.
  case route(Route)

  /// The page `deeplink help <word>` shows: the route or command called `word`.
  ///
  /// - Throws: ``UsageError/unknownHelpTopic(_:suggestion:)`` for any other word.
  init(named word: String, table: RouteTable) throws(UsageError) {
    if let route = table.route(named: word) {
      self = .route(route)
    } else if CommandRegistry.command(named: word) != nil {
      self = .command(word)
    } else {
      throw .unknownHelpTopic(word, suggestion: InvocationParser.suggestion(for: word, table: table))
    }
  }
}
