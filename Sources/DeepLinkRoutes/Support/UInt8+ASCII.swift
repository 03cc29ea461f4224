extension UInt8 {
  /// The byte with an ASCII capital letter made lowercase, any other byte as it is: the
  /// case-insensitivity of a URL's scheme and host (RFC 3986) and of a boolean's text.
  var asciiLowercased: UInt8 {
    self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") ? self | 0x20 : self
  }

  /// Whether the byte is an ASCII letter, `a` to `z` or `A` to `Z`.
  var isASCIILetter: Bool {
    asciiLowercased >= UInt8(ascii: "a") && asciiLowercased <= UInt8(ascii: "z")
  }

  /// Whether the byte is an ASCII digit, `0` to `9`.
  var isASCIIDigit: Bool {
    self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")
  }
}
