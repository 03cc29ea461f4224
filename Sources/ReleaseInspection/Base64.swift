/// Base64 (RFC 4648) as a property list's `<data>` holds it: whitespace anywhere is skipped,
/// padding is optional.
enum Base64 {
  /// The bytes `text` encodes, or `nil` when it holds a character that is not base64.
  static func decode(_ text: String) -> [UInt8]? {
    var output: [UInt8] = []
    var accumulator: UInt32 = 0
    var bits = 0
    var padding = false
    for byte in text.utf8 {
      let value: UInt8
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
      case UInt8(ascii: "+"): value = 62
      case UInt8(ascii: "/"): value = 63
      case UInt8(ascii: "="):
        padding = true
        continue
      case 0x20, 0x09, 0x0A, 0x0D: continue
      default: return nil
      }
      guard !padding else { return nil }
      accumulator = accumulator << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
      }
    }
    return output
  }
}
