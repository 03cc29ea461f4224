import DeepLinkRoutes

/// What the app answers and logs once it has applied a link.
struct AppliedReply: Equatable {
  /// The whole reply line: `{"ok":true,"version":…,"applied":…,"state":…}`.
  let reply: String
  /// `applied debug://recipe?id=42 → Home › Spaghetti Bolognese`.
  let log: String
}

/// Links the app has applied recently, by the URL text that named them: the parsed link, the
/// state it describes and the reply, so that a link sent again is neither parsed, nor its
/// state built, nor rendered again.
///
/// Sound because all three are functions of the text alone, for one handler: parsing depends
/// only on the text and the route table; applying a link replaces the whole state with the one
/// the link describes (``AppModel/apply(_:)``), the data set and the route table never change,
/// and the reply shows only that state, the canonical URL and the table's version. The cache
/// holds results, never decisions: the handler still checks the deadline and applies the
/// link, every time, before it takes the reply from here. Only links that parsed are held.
///
/// Bounded: when ``capacity`` texts are held, the next new one empties it (links with
/// free-text values, such as `login-error?message=…`, could otherwise grow it without end).
struct AppliedReplyCache {
  /// A class, so that a lookup copies one reference rather than the link's route and values.
  final class Entry {
    /// The URL text the link was parsed from.
    let url: String
    let link: Link
    /// `link.target`, the state applying the link shows: computed once, not per link.
    let target: NavigationState
    let reply: AppliedReply

    init(url: String, link: Link, reply: AppliedReply) {
      self.url = url
      self.link = link
      self.target = link.target
      self.reply = reply
    }
  }

  /// A URL text's UTF-8 bytes, compared and hashed as bytes: a request line is looked up as
  /// the bytes it arrived as, without making a `String` of it. (Two texts that `String`
  /// compares as equal but are spelled with different bytes, such as `é` composed and not,
  /// are two entries, each holding what its own text parses to.)
  private struct Key: Hashable {
    let bytes: ArraySlice<UInt8>

    static func == (a: Key, b: Key) -> Bool { a.bytes.elementsEqual(b.bytes) }

    func hash(into hasher: inout Hasher) {
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
  }

  let capacity: Int
  private var entries: [Key: Entry] = [:]

  init(capacity: Int = 256) {
    self.capacity = capacity
  }

  var count: Int { entries.count }

  /// What was held for the URL text whose UTF-8 bytes are `bytes`, if anything.
  subscript(bytes: ArraySlice<UInt8>) -> Entry? {
    entries[Key(bytes: bytes)]
  }

  /// What was held for the URL text `url`, if anything.
  subscript(url: String) -> Entry? {
    self[Array(url.utf8)[...]]
  }

  /// Holds `entry` for its URL text, first emptying the cache if it is full.
  mutating func insert(_ entry: Entry) {
    if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
    entries[Key(bytes: Array(entry.url.utf8)[...])] = entry
  }
}
