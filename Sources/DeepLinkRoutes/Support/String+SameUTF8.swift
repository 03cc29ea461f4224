extension String {
  /// Whether the two strings are the same UTF-8 bytes. `==` asks less: canonical equivalence,
  /// under which "é" and "e" followed by U+0301 are equal though written differently, and it
  /// normalizes non-ASCII text to find out.
  ///
  ///     "caf\u{E9}" == "cafe\u{301}"                 // true
  ///     "caf\u{E9}".hasSameUTF8(as: "cafe\u{301}")   // false
  package func hasSameUTF8(as other: String) -> Bool {
    guard utf8.count == other.utf8.count else { return false }
    var (left, right) = (self, other)
    return left.withUTF8 { left in
      right.withUTF8 { right in UnsafeRawBufferPointer(left).hasSameBytes(as: UnsafeRawBufferPointer(right)) }
    }
  }
}

extension UnsafeRawBufferPointer {
  /// Whether `other` holds the same bytes: compared eight at a time, and not at all when both
  /// are the same memory (one string's storage, seen from two copies of its value).
  package func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
    guard count == other.count else { return false }
    guard baseAddress != other.baseAddress else { return true }
    var index = 0
    while index + 8 <= count {
      guard
        loadUnaligned(fromByteOffset: index, as: UInt64.self)
          == other.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      else { return false }
      index += 8
    }
    while index < count {
      guard self[index] == other[index] else { return false }
      index += 1
    }
    return true
  }
}
