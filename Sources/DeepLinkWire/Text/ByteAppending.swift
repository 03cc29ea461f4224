extension [UInt8] {
  /// Appends `text`'s UTF-8 bytes: one copy of the string's storage when it is contiguous (a
  /// native string always is), rather than `append(contentsOf: text.utf8)`, which went through
  /// the generic sequence copy, about a hundred instructions for each call.
  package mutating func appendUTF8(_ text: String) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { append(contentsOf: $0) }
    if copied == nil { append(contentsOf: text.utf8) }
  }

  /// Appends the bytes of `other`, borrowed: `append(contentsOf:)` takes its argument owned,
  /// which costs a retain and a release of `other`'s storage, an atomic operation each, on
  /// the app's path for every reply and log line.
  package mutating func append(bytesOf other: [UInt8]) {
    other.withUnsafeBufferPointer { append(contentsOf: $0) }
  }
}
