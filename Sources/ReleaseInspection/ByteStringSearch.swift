/// Looks for one byte string in bytes that arrive a piece at a time (a file read in chunks, a
/// zip entry as it inflates), in memory bounded by the needle's length: a match that straddles
/// two pieces is found from the last `needle.count - 1` bytes of one, kept, and the start of
/// the next.
///
///     var search = ByteStringSearch(needle: Array("agent".utf8))
///     search.feed(Array("… an ag".utf8))   // nil
///     search.feed(Array("ent …".utf8))     // 5: the offset of the match in the whole
///
/// Each piece is scanned for the needle's first byte, then compared in place; reading the
/// file is the slower part (BENCHMARKS.md, "check-release reading the executable").
package struct ByteStringSearch {
  /// The bytes looked for (at least one).
  package let needle: [UInt8]
  /// The offset of the first match in everything fed, once found.
  package private(set) var found: Int?
  /// How many bytes were fed.
  package private(set) var consumed = 0
  /// The last `needle.count - 1` bytes fed (fewer at the start).
  private var tail: [UInt8] = []

  /// A search for `needle`, which must not be empty.
  package init(needle: [UInt8]) {
    precondition(!needle.isEmpty, "ByteStringSearch needs a needle")
    self.needle = needle
    tail.reserveCapacity(needle.count * 2)
  }

  /// Scans the next piece; once a match is found, further pieces are only counted.
  ///
  /// - Returns: the offset of the first match in everything fed so far, or `nil`.
  @discardableResult
  package mutating func feed(_ piece: UnsafeRawBufferPointer) -> Int? {
    defer { consumed += piece.count }
    guard found == nil, !piece.isEmpty else { return found }
    let keep = needle.count - 1
    // A match that starts in the kept tail and ends in this piece.
    if !tail.isEmpty {
      var joined = tail
      joined += piece.prefix(keep)
      if let at = Self.firstMatch(of: needle, in: joined) {
        found = consumed - tail.count + at
        return found
      }
    }
    let bytes = UnsafeBufferPointer(
      start: piece.baseAddress!.assumingMemoryBound(to: UInt8.self), count: piece.count)
    if let at = Self.firstMatch(of: needle, in: bytes) {
      found = consumed + at
      return found
    }
    // Keep the last `keep` bytes of the tail and this piece together.
    if piece.count >= keep {
      tail.removeAll(keepingCapacity: true)
      tail += piece[(piece.count - keep)...]
    } else {
      tail += piece
      if tail.count > keep { tail.removeFirst(tail.count - keep) }
    }
    return nil
  }

  /// ``feed(_:)-(UnsafeRawBufferPointer)`` for bytes in an array.
  @discardableResult
  package mutating func feed(_ piece: [UInt8]) -> Int? {
    piece.withUnsafeBytes { feed($0) }
  }

  /// Where `needle` first occurs in `haystack`: each occurrence of its first byte, then the
  /// rest compared.
  static func firstMatch<Haystack: RandomAccessCollection<UInt8>>(
    of needle: [UInt8], in haystack: Haystack
  ) -> Int? where Haystack.Index == Int {
    guard haystack.count >= needle.count else { return nil }
    let first = needle[0]
    let last = haystack.endIndex - needle.count
    var index = haystack.startIndex
    while index <= last {
      if haystack[index] == first {
        var matched = 1
        while matched < needle.count && haystack[index + matched] == needle[matched] { matched += 1 }
        if matched == needle.count { return index - haystack.startIndex }
      }
      index += 1
    }
    return nil
  }
}
