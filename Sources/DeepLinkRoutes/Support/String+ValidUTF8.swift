extension String {
  /// `bytes` as text, or `nil` when they are not valid UTF-8: what `String(validating:as:)`
  /// does, on every OS the package supports (that initializer needs iOS 18 and macOS 15).
  ///
  /// Decoding replaces each invalid sequence with U+FFFD, whose own bytes differ from the
  /// sequence replaced, so the text's bytes equal the input exactly when it was valid.
  /// Inlinable so that each caller's collection type is specialized: unspecialized, the
  /// comparison walks the bytes through witness tables, over a hundred instructions a byte.
  @inlinable
  package init?(validUTF8 bytes: some Collection<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.utf8.elementsEqual(bytes) else { return nil }
    self = text
  }
}
