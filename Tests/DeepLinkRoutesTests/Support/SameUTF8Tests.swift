import DeepLinkRoutes
import Testing

/// Byte equality of text, which a reply, a screen and a parsed link are kept by: strings that
/// Unicode calls equal are not the same bytes, and the comparison reads eight bytes at a time.
@Suite struct SameUTF8Tests {
  @Test func canonicallyEquivalentTextIsNotTheSameBytes() {
    #expect("caf\u{E9}" == "cafe\u{301}")
    #expect(!"caf\u{E9}".hasSameUTF8(as: "cafe\u{301}"))
    #expect("caf\u{E9}".hasSameUTF8(as: String(decoding: Array("caf\u{E9}".utf8), as: UTF8.self)))
    #expect("".hasSameUTF8(as: ""))
    #expect(!"".hasSameUTF8(as: "a"))
  }

  /// One byte changed at every offset of every length up to 40: the words and the tail both
  /// tell.
  @Test func aDifferenceAtAnyOffsetIsFound() {
    for length in 1...40 {
      let text = String(repeating: "a", count: length)
      #expect(text.hasSameUTF8(as: String(repeating: "a", count: length)), "length \(length)")
      for offset in 0..<length {
        var bytes = Array(text.utf8)
        bytes[offset] = UInt8(ascii: "b")
        let changed = String(decoding: bytes, as: UTF8.self)
        #expect(!text.hasSameUTF8(as: changed), "length \(length), offset \(offset)")
        #expect(!changed.hasSameUTF8(as: text), "length \(length), offset \(offset)")
      }
      #expect(!text.hasSameUTF8(as: text + "a"), "length \(length)")
    }
  }
}
