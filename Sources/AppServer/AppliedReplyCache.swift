import DeepLinkRoutes

/// What the app answers and logs once it has applied a link.
struct AppliedReply: Equatable {
  /// The whole reply line: `{"ok":true,"version":…,"applied":…,"state":…}`.
  let reply: String
  /// `applied debug://recipe?id=42 → Home › Spaghetti Bolognese`.
  let log: String
}

/// Links the app has applied recently, by the URL text that named them: the parsed link and
/// the reply, so that a link sent again is neither parsed nor rendered again.
///
/// Sound because both are functions of the text alone, for one handler: parsing depends only
/// on the text and the route table; applying a link replaces the whole state with the one the
/// link describes (``AppModel/apply(_:)``), the data set and the route table never change,
/// and the reply shows only that state, the canonical URL and the table's version. The cache
/// holds results, never decisions: the handler still checks the deadline and applies the
/// link, every time, before it takes the reply from here. Only links that parsed are held.
///
/// Bounded: when ``capacity`` texts are held, the next new one empties it (links with
/// free-text values, such as `login-error?message=…`, could otherwise grow it without end).
struct AppliedReplyCache {
  /// A class, so that a lookup copies one reference rather than the link's route and values.
  final class Entry {
    let link: Link
    let reply: AppliedReply

    init(link: Link, reply: AppliedReply) {
      self.link = link
      self.reply = reply
    }
  }

  let capacity: Int
  private var entries: [String: Entry] = [:]

  init(capacity: Int = 256) {
    self.capacity = capacity
  }

  var count: Int { entries.count }

  /// What was held for the URL text `url`, if anything.
  subscript(url: String) -> Entry? {
    entries[url]
  }

  /// Holds `entry` for `url`, first emptying the cache if it is full.
  mutating func insert(_ entry: Entry, for url: String) {
    if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
    entries[url] = entry
  }
}
