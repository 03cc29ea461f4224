import DeepLinkRoutes

/// What the app answers and logs once it has applied a link, as the bytes that go out.
struct AppliedReply: Equatable {
  /// The whole reply line, without its `\n`: `{"ok":true,"version":…,"applied":…,"state":…}`.
  let reply: [UInt8]
  /// The whole log line, `deeplink-app: applied debug://recipe?id=42 → Home › Spaghetti
  /// Bolognese` and its `\n`, starting with the handler's log prefix.
  let log: [UInt8]

  init(reply: String, log: String) {
    self.reply = Array(reply.utf8)
    self.log = Array(log.utf8)
  }

  init(reply: [UInt8], log: [UInt8]) {
    self.reply = reply
    self.log = log
  }
}

/// Links the app has applied recently, by the URL text that named them: the parsed link, the
/// state it describes and the reply, so that a link sent again is neither parsed, nor its
/// state built, nor rendered again.
///
/// Sound because all three are functions of the text alone, for one handler: parsing depends
/// only on the text and the route table; the app promises (``LinkHandler/linksDescribeWholeStates``)
/// that applying a link gives the state the link describes, whatever came before, and the
/// reply shows only that state, the canonical URL and the table's version. The cache is used
/// only for a handler that promises it. The cache
/// holds results, never decisions: the handler still checks the deadline and applies the
/// link, every time, before it takes the reply from here. Only links that parsed are held.
///
/// Keyed by the text's bytes as they arrived, without making a `String` of them. (Two texts
/// that `String` compares as equal but are spelled with different bytes, such as `é` composed
/// and not, are two entries, each holding what its own text parses to.) An open-addressing
/// table hashed eight bytes at a time rather than a `Dictionary`: `Hasher`'s SipHash was a
/// quarter of the app's own time per cached link, and a byte-at-a-time hash such as FNV-1a,
/// one multiplication per byte each waiting for the last, still a twentieth.
///
/// Bounded twice, since links with free-text values (`login-error?message=…`) could otherwise
/// grow it without end: by ``capacity`` texts, and by ``byteCapacity`` bytes of texts, replies
/// and log lines (256 links of 64 KiB each, with their replies, would pin about 100 MB). A new
/// text that would pass either bound empties the table first; one larger than ``byteCapacity``
/// on its own is not held. Holding a text again replaces its entry and keeps the others. The
/// table is never more than half full, so a lookup ends at an empty slot soon.
///
/// A text is held from the second time it is applied on (``admits(_:)``): one applied once
/// and never again, as most links with free-text values are, would cost an entry, its copy
/// of the text, its insertion and, when the table empties, its deallocation — about a seventh
/// of the instructions of a link not seen before. Which texts were seen once is remembered as
/// their hashes alone, in a table of ``seenCapacity`` that never grows and never allocates.
struct AppliedReplyCache {
  /// A class, so that a lookup copies one reference rather than the link's route and values.
  final class Entry {
    /// The URL text the link was parsed from.
    let url: String
    /// `url`'s UTF-8 bytes: the key.
    let bytes: [UInt8]
    let link: Link
    /// Applies the link again: what the app's handler prepared for it
    /// (``LinkHandler/prepare(_:)``), worked out once, handed to its `apply`.
    let reapply: () throws(LinkRefusal) -> Void
    let reply: AppliedReply

    init(url: String, link: Link, reapply: @escaping () throws(LinkRefusal) -> Void, reply: AppliedReply) {
      self.url = url
      self.bytes = Array(url.utf8)
      self.link = link
      self.reapply = reapply
      self.reply = reply
    }

    /// What the entry holds on to, as counted against ``byteCapacity``: the text twice (as a
    /// `String` and as its bytes), the reply and the log line.
    var byteSize: Int { 2 * bytes.count + reply.reply.count + reply.log.count }
  }

  let capacity: Int
  /// The most bytes of held entries (``Entry/byteSize``): 4 MiB by default.
  let byteCapacity: Int
  private(set) var count = 0
  /// The ``Entry/byteSize`` of the entries held, at most ``byteCapacity``.
  private(set) var byteCount = 0
  /// `2 × capacity` rounded up to a power of two; `nil` is an empty slot.
  private var slots: [Entry?]
  /// The hashes of texts applied once and not held, each at the slot its hash names; a later
  /// text with the same slot takes it. A power of two.
  private var seenOnce: [UInt64]
  /// How many hashes ``admits(_:)`` remembers: four times the default ``capacity``.
  static let seenCapacity = 1024

  init(capacity: Int = 256, byteCapacity: Int = 4 << 20) {
    precondition(capacity > 0, "a cache holds at least one link")
    self.capacity = capacity
    self.byteCapacity = byteCapacity
    var size = 2
    while size < 2 * capacity { size *= 2 }
    slots = Array(repeating: nil, count: size)
    seenOnce = Array(repeating: 0, count: Self.seenCapacity)
  }

  /// Whether the text whose UTF-8 bytes are `bytes`, just applied and not held, should be held
  /// now: `true` when it was applied before (its hash remembered since), otherwise `false`,
  /// and its hash is remembered. (Two texts of the same 64-bit hash count as one: the second
  /// is held a time early, which costs memory, never a wrong answer.)
  mutating func admits(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let hash = Self.hash(bytes)
    if wasSeen(hash) { return true }
    remember(hash)
    return false
  }

  /// Whether a text whose ``hash(_:)`` is `hash` was applied before and not held since:
  /// ``admits(_:)`` without remembering the text, for a link not applied yet.
  func wasSeen(_ hash: UInt64) -> Bool {
    seenOnce[Int(truncatingIfNeeded: hash) & (seenOnce.count - 1)] == hash
  }

  /// Remembers a text, by its ``hash(_:)``, as applied once and not held: what ``admits(_:)``
  /// does for a text it does not admit.
  mutating func remember(_ hash: UInt64) {
    seenOnce[Int(truncatingIfNeeded: hash) & (seenOnce.count - 1)] = hash
  }

  /// ``admits(_:)`` for the text `url`.
  mutating func admits(_ url: String) -> Bool {
    var url = url
    return url.withUTF8 { admits($0) }
  }

  /// What was held for the URL text whose UTF-8 bytes are `bytes`, if anything.
  subscript(bytes: UnsafeBufferPointer<UInt8>) -> Entry? {
    probe(bytes, hash: Self.hash(bytes)).held
  }

  /// What was held for the URL text whose UTF-8 bytes are `bytes` and whose ``hash(_:)`` is
  /// `hash`, if anything: for a caller that needs the hash again.
  subscript(bytes: UnsafeBufferPointer<UInt8>, hash hash: UInt64) -> Entry? {
    probe(bytes, hash: hash).held
  }

  /// What was held for the URL text `url`, if anything.
  subscript(url: String) -> Entry? {
    var url = url
    return url.withUTF8 { self[$0] }
  }

  /// Holds `entry` for its URL text, replacing what was held for the same text; a new text
  /// first empties the cache if holding it would pass ``capacity`` or ``byteCapacity``. An
  /// entry larger than ``byteCapacity`` on its own is not held.
  mutating func insert(_ entry: Entry) {
    var (index, held) = entry.bytes.withUnsafeBufferPointer { probe($0, hash: Self.hash($0)) }
    if let held {
      slots[index] = entry
      byteCount += entry.byteSize - held.byteSize
      guard byteCount > byteCapacity else { return }
      removeAll()
    } else if count >= capacity || byteCount + entry.byteSize > byteCapacity {
      removeAll()
    } else {
      return hold(entry, at: index)
    }
    guard entry.byteSize <= byteCapacity else { return }
    index = entry.bytes.withUnsafeBufferPointer { probe($0, hash: Self.hash($0)) }.index
    hold(entry, at: index)
  }

  private mutating func hold(_ entry: Entry, at index: Int) {
    slots[index] = entry
    count += 1
    byteCount += entry.byteSize
  }

  private mutating func removeAll() {
    for index in slots.indices { slots[index] = nil }
    count = 0
    byteCount = 0
  }

  /// The slot holding `key`'s entry, or the empty slot where it would go; `hash` is `key`'s.
  private func probe(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (index: Int, held: Entry?) {
    var index = Int(truncatingIfNeeded: hash ^ hash >> 32) & (slots.count - 1)
    while let entry = slots[index] {
      if entry.bytes.withUnsafeBytes({ Self.equal($0, UnsafeRawBufferPointer(key)) }) {
        return (index, entry)
      }
      index = (index + 1) & (slots.count - 1)
    }
    return (index, nil)
  }

  /// Whether `a` and `b` hold the same bytes, compared eight at a time.
  private static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    var offset = 0
    while offset + 8 <= a.count {
      let word = a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      guard word == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
      offset += 8
    }
    while offset < a.count {
      guard a[offset] == b[offset] else { return false }
      offset += 1
    }
    return true
  }

  /// A multiply-and-fold hash of `key`'s length and its bytes, eight at a time. Only this
  /// process sees it, so byte order does not matter.
  static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let bytes = UnsafeRawBufferPointer(key)
    let multiplier: UInt64 = 0x9e37_79b9_7f4a_7c15
    var hash = UInt64(truncatingIfNeeded: bytes.count) &* multiplier
    var offset = 0
    while offset + 8 <= bytes.count {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
      hash ^= hash >> 29
      offset += 8
    }
    var tail: UInt64 = 0
    while offset < bytes.count {
      tail = tail << 8 | UInt64(bytes[offset])
      offset += 1
    }
    return (hash ^ tail) &* multiplier
  }
}
