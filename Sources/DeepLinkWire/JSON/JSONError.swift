/// Why bytes are not one JSON value.
package enum JSONError: Error, Hashable, Sendable {
  case unexpectedEnd
  case unexpectedByte(UInt8, offset: Int)
  case invalidEscape(offset: Int)
  case invalidNumber(offset: Int)
  case invalidUTF8
  case tooDeep
  case trailingBytes(offset: Int)
  /// An object names the same key twice: which one counts would be a guess.
  case duplicateKey(String)

  package var message: String {
    switch self {
    case .unexpectedEnd: "JSON ends too early"
    case .unexpectedByte(let byte, let offset):
      byte >= 0x20 && byte < 0x7F
        ? "unexpected '\(Character(Unicode.Scalar(byte)))' at offset \(offset) in JSON"
        : "unexpected byte 0x\(String(byte, radix: 16)) at offset \(offset) in JSON"
    case .invalidEscape(let offset): "invalid escape at offset \(offset) in JSON string"
    case .invalidNumber(let offset): "invalid number at offset \(offset) in JSON"
    case .invalidUTF8: "JSON text is not UTF-8"
    case .tooDeep: "JSON nests deeper than 64 levels"
    case .trailingBytes(let offset): "unexpected bytes after the JSON value at offset \(offset)"
    case .duplicateKey(let key): "the key \(JSON.string(key).serialized) appears twice in one JSON object"
    }
  }
}
