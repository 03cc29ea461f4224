/// Percent-encoding of query keys and values per RFC 3986: everything but the unreserved
/// characters is escaped, so `+`, `&`, `=`, `#`, `%` and any non-ASCII text round-trip.
enum PercentEncoding {
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
    var text = text
    text.withUTF8 { bytes in
      var escaped = 0
      for byte in bytes where !isUnreserved(byte) { escaped += 1 }
      guard escaped > 0 else {
        output.append(contentsOf: bytes)
        return
      }
      // The room made at once and written in place: appending byte by byte to an array
      // checks its uniqueness and capacity at every byte.
      let start = output.count
      output.append(contentsOf: repeatElement(0, count: bytes.count + 2 * escaped))
      output.withUnsafeMutableBufferPointer { output in
        var index = start
        for byte in bytes {
          if isUnreserved(byte) {
            output[index] = byte
            index += 1
          } else {
            output[index] = UInt8(ascii: "%")
            output[index + 1] = hexDigit(byte >> 4)
            output[index + 2] = hexDigit(byte & 0xF)
            index += 3
          }
        }
      }
    }
  }

  /// The uppercase hexadecimal digit of `nibble` (0...15).
  @inline(__always)
  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
  }

  /// Decodes `%XX` escapes; `+` stays a plus (RFC 3986, not HTML forms).
  ///
  /// - Throws: ``LinkError/malformedPercentEscape(_:)`` or ``LinkError/invalidUTF8(_:)``.
  static func decode(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) throws(LinkError) -> String {
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
