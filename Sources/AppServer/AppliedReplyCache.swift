import DeepLinkRoutes

/// What the app answers and logs once it has applied a link.
struct AppliedReply: Equatable {
  /// The whole reply line: `{"ok":true,"version":…,"applied":…,"state":…}`.
  let reply: String
  /// `applied debug://recipe?id=42 → Home › Spaghetti Bolognese`.
  let log: String
}

/// The replies to recently applied links, so that a link applied again is not rendered again.
///
/// Sound because the reply is a function of the link alone, for one handler: applying a link
/// replaces the whole state with the one the link describes (``AppModel/apply(_:)``), the data
/// set and the route table never change, and the reply shows only that state, the canonical
/// URL and the table's version. The cache holds replies, never decisions: the handler still
/// parses every link, checks its deadline and applies it before it asks here.
///
/// Bounded: when ``capacity`` links are held, the next new one empties it (links with free-text
/// values, such as `login-error?message=…`, could otherwise grow it without end).
struct AppliedReplyCache {
  let capacity: Int
  private var replies: [Link: AppliedReply] = [:]

  init(capacity: Int = 256) {
    self.capacity = capacity
  }

  var count: Int { replies.count }

  /// The reply held for `link`, if any.
  func reply(for link: Link) -> AppliedReply? {
    replies[link]
  }

  /// Holds `reply` for `link`, first emptying the cache if it is full.
  mutating func insert(_ reply: AppliedReply, for link: Link) {
    if replies.count >= capacity { replies.removeAll(keepingCapacity: true) }
    replies[link] = reply
  }
}
