import Testing

@testable import DeepLinkCommand

/// The encoder behind the `screenshot` tool's image content.
@Suite("Base64")
struct Base64Tests {
  /// RFC 4648 §10, "Test Vectors".
  @Test(arguments: [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
    ("foobar", "Zm9vYmFy"),
  ])
  func encodesTheVectorsOfRFC4648(_ input: String, _ expected: String) {
    #expect(Base64.encode(Array(input.utf8)) == expected)
  }

  /// Every 6-bit value of the alphabet, the two characters beyond letters and digits among them
  /// (`+` is 62, `/` is 63): "+/+/" decodes to FB FF BF (RFC 4648 §4, Table 1).
  @Test func usesTheStandardAlphabetForTheLastTwoValues() {
    #expect(Base64.encode([0xFB, 0xFF, 0xBF]) == "+/+/")
    #expect(Base64.encode([0x00, 0x10, 0x83, 0x10, 0x51, 0x87]) == "ABCDEFGH")
  }
}
