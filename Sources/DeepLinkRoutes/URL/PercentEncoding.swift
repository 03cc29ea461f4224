/// Percent-encoding of query keys and values per RFC 3986: everything but the unreserved
/// characters is escaped, so `+`, `&`, `=`, `#`, `%` and any non-ASCII text round-trip.
enum PercentEncoding {
  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  /// `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default:
      false
    }
  }

  /// Escapes every byte of `text` that is not unreserved as `%XX` (uppercase hex).
  static func encode(_ text: String, into output: inout [UInt8]) {
    for byte in text.utf8 {
      if isUnreserved(byte) {
        output.append(byte)
      } else {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0xF)])
      }
    }
  }

  /// Decodes `%XX` escapes; `+` stays a plus (RFC 3986, not HTML forms).
  ///
  /// - Throws: ``LinkError/malformedPercentEscape(_:)`` or ``LinkError/invalidUTF8(_:)``.
  static func decode(_ bytes: ArraySlice<UInt8>) throws(LinkError) -> String {
    guard bytes.contains(UInt8(ascii: "%")) else {
      return String(decoding: bytes, as: UTF8.self)
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]),
          let low = hexValue(bytes[index + 2])
        else {
          throw .malformedPercentEscape(String(decoding: bytes, as: UTF8.self))
        }
        output.append(high << 4 | low)
        index += 3
      } else {
        output.append(byte)
        index += 1
      }
    }
    guard let text = String(validUTF8: output) else {
      throw .invalidUTF8(String(decoding: bytes, as: UTF8.self))
    }
    return text
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
