/// Base64 with the standard alphabet and `=` padding (RFC 4648 §4), for the image content of
/// the `screenshot` tool.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// `bytes` in base64: four characters for every three bytes, the last group padded.
  static func encode(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      let first = UInt32(bytes[index]) << 16
      let second = count > 1 ? UInt32(bytes[index + 1]) << 8 : 0
      let third = count > 2 ? UInt32(bytes[index + 2]) : 0
      let group = first | second | third
      for position in 0..<4 {
        output.append(
          position <= count ? alphabet[Int(group >> UInt32(18 - 6 * position) & 0x3F)] : UInt8(ascii: "="))
      }
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }
}
