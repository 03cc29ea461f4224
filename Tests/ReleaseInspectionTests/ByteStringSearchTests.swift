import ReleaseInspection
import TestSupport
import Testing

/// The streaming search against the standard library's `firstRange(of:)` on the whole input,
/// which shares no code with it, for every way of cutting the input into pieces.
@Suite struct ByteStringSearchTests {
  /// Feeds `haystack` cut at `cuts` and returns the offset found.
  static func search(_ needle: [UInt8], in haystack: [UInt8], cuts: [Int]) -> Int? {
    var search = ByteStringSearch(needle: needle)
    var start = 0
    for cut in cuts.sorted() + [haystack.count] where cut >= start {
      search.feed(Array(haystack[start..<cut]))
      start = cut
    }
    #expect(search.consumed == haystack.count)
    return search.found
  }

  /// A match across every possible cut, and across three pieces when pieces are shorter
  /// than the needle.
  @Test func aMatchIsFoundWhereverThePiecesAreCut() {
    let needle = Array("agent marker".utf8)
    let haystack = Array("an agent marke, an agent: agent marker!".utf8)
    let expected = haystack.firstRange(of: needle)?.lowerBound
    #expect(expected == 26)
    for cut in 0...haystack.count {
      #expect(Self.search(needle, in: haystack, cuts: [cut]) == expected, "cut at \(cut)")
    }
    for size in 1...needle.count + 1 {
      let cuts = Array(stride(from: size, to: haystack.count, by: size))
      #expect(Self.search(needle, in: haystack, cuts: cuts) == expected, "pieces of \(size)")
    }
  }

  /// Random bytes over a small alphabet (many partial matches), a needle planted or not, cut
  /// at random: the same first match as `firstRange(of:)`.
  @Test func randomInputsAgreeWithTheStandardLibrary() {
    var random = SplitMix64(seed: 0x5EED)
    for round in 0..<2000 {
      let needle = (0..<Int(random.next() % 6 + 1)).map { _ in UInt8(random.next() % 3) }
      var haystack = (0..<Int(random.next() % 64)).map { _ in UInt8(random.next() % 3) }
      if round % 2 == 0 {
        let at = Int(random.next() % UInt64(haystack.count + 1))
        haystack.insert(contentsOf: needle, at: at)
      }
      let cuts = (0..<Int(random.next() % 5)).map { _ in Int(random.next() % UInt64(haystack.count + 1)) }
      #expect(
        Self.search(needle, in: haystack, cuts: cuts) == haystack.firstRange(of: needle)?.lowerBound,
        "needle \(needle), haystack \(haystack), cuts \(cuts)")
    }
  }

  @Test func nothingIsFoundInAnEmptyInputOrAShorterOne() {
    #expect(Self.search([1, 2, 3], in: [], cuts: []) == nil)
    #expect(Self.search([1, 2, 3], in: [1, 2], cuts: [1]) == nil)
    #expect(Self.search([7], in: [1, 7, 7], cuts: [2]) == 1)
  }
}
