extension String {
  /// `bytes` as text, or `nil` when they are not valid UTF-8: what `String(validating:as:)`
  /// does, on every OS the package supports (that initializer needs iOS 18 and macOS 15).
  ///
  /// Decoding replaces each invalid sequence with U+FFFD, whose own bytes differ from the
  /// sequence replaced, so the text's bytes equal the input exactly when it was valid.
  package init?(validatingUTF8Bytes bytes: some Collection<UInt8>) {
    var text = String(decoding: bytes, as: UTF8.self)
    // Compared as two buffers where the input is one (an array): element by element through
    // the string's view cost ten times as much.
    let equal =
      bytes.withContiguousStorageIfAvailable { input in
        text.withUTF8 { output in output.elementsEqual(input) }
      } ?? text.utf8.elementsEqual(bytes)
    guard equal else { return nil }
    self = text
  }
}
