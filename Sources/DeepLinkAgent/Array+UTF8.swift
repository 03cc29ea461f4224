extension [UInt8] {
  /// Appends `text`'s UTF-8 bytes, copied from its storage in one move (appending a
  /// `String.UTF8View` walks it a byte at a time).
  mutating func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }

  /// Appends the bytes of `literal`.
  mutating func append(_ literal: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }
}
