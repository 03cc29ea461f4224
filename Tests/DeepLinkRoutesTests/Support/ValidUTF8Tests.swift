import DeepLinkRoutes
import TestSupport
import Testing

/// `String(validUTF8:)`, the package's own UTF-8 check (`String(validating:as:)` needs iOS 18
/// and macOS 15), agrees with the standard library's wherever that one runs.
@Suite struct ValidUTF8Tests {
  @Test func agreesWithTheStandardLibraryOnRandomBytes() {
    var random = SplitMix64(seed: 11)
    for _ in 0..<20_000 {
      let count = Int(random.next() % 8)
      // Bytes biased towards UTF-8's interesting ones: ASCII, continuations, lead bytes.
      let pool: [UInt8] = [
        0x41, 0x80, 0xBF, 0xC2, 0xC0, 0xE2, 0xED, 0xA0, 0xF0, 0xF4, 0x90, 0xFF, 0xEF, 0xBD,
      ]
      let bytes = (0..<count).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
      #expect(String(validUTF8: bytes) == String(validating: bytes, as: UTF8.self), "\(bytes)")
    }
  }

  @Test func knownCases() {
    #expect(String(validUTF8: Array("café ›".utf8)) == "café ›")
    #expect(String(validUTF8: [0xEF, 0xBF, 0xBD]) == "\u{FFFD}")  // a real U+FFFD is valid
    #expect(String(validUTF8: [0xC3]) == nil)  // a truncated sequence
    #expect(String(validUTF8: [0xED, 0xA0, 0x80]) == nil)  // a surrogate
    #expect(String(validUTF8: [0xC0, 0xAF]) == nil)  // an overlong encoding
  }
}
