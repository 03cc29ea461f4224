extension String {
  /// `bytes` as text, or `nil` when they are not valid UTF-8: what `String(validating:as:)`
  /// does, on every OS the package supports (that initializer needs iOS 18 and macOS 15, and is
  /// what this calls where it exists).
  ///
  /// Elsewhere, decoding replaces each invalid sequence with U+FFFD, whose own bytes differ
  /// from the sequence replaced, so the text's bytes equal the input exactly when it was
  /// valid. Inlinable so that each caller's collection type is specialized: unspecialized, the
  /// comparison walks the bytes through witness tables, a dynamic call for every byte.
  @inlinable
  package init?(validUTF8 bytes: some Collection<UInt8>) {
    // ASCII is UTF-8: the common line (a debug link, a JSON request) needs no decoder, whose
    // set-up costs more than checking a short line byte by byte.
    if bytes.allSatisfy({ $0 < 0x80 }) {
      self = String(decoding: bytes, as: UTF8.self)
      return
    }
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
      self = text
      return
    }
    var text = String(decoding: bytes, as: UTF8.self)
    let equal = text.withUTF8 { text in
      var index = 0
      for byte in bytes {
        guard index < text.count, text[index] == byte else { return false }
        index += 1
      }
      return index == text.count
    }
    guard equal else { return nil }
    self = text
  }
}
