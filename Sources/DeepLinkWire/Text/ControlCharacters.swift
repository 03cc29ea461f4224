/// The characters a terminal or a shell may interpret rather than show, and the two ways we
/// make text safe from them: one rule for error messages, paths in messages and completion.
///
/// A control character is C0 (U+0000 to U+001F, newline and tab included), DEL (U+007F) or C1
/// (U+0080 to U+009F, which some terminals read as escapes).
///
///     ControlCharacters.escaped("a\u{1B}[31mb")  // #"a\u{1b}[31mb"#
///     ControlCharacters.escaped("two\nlines", keepingNewlines: true)  // "two\nlines"
///     ControlCharacters.replacedWithSpaces("a\tb\u{85}c")  // "a b c"
package enum ControlCharacters {
  /// Whether `scalar` is a control character (C0, DEL or C1).
  package static func contains(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// `text` with each control character written as a Swift escape, `\u{1b}`, so that it shows
  /// instead of acting; with `keepingNewlines`, line feeds stay (a message of several lines).
  package static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
    // UTF-8 bytes, not scalars: a C0 character or DEL is one byte below 0x80, a C1 character
    // is 0xC2 then 0x80...0x9F, and no other scalar's encoding holds either. Text without
    // control characters (an app's whole screen, every time a link is sent) is returned as it
    // is; appending scalar by scalar was measurable in `deeplink <route>`'s start-up
    // (BENCHMARKS.md).
    let bytes = text.utf8
    if bytes.withContiguousStorageIfAvailable({ !hasControlCharacter($0, keepingNewlines: keepingNewlines) })
      == true
    {
      return text
    }
    var result: [UInt8] = []
    var copied = bytes.startIndex
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let byte = bytes[index]
      let next = bytes.index(after: index)
      let value: UInt32
      let end: String.UTF8View.Index
      if byte < 0x20 || byte == 0x7F {
        if keepingNewlines && byte == UInt8(ascii: "\n") {
          index = next
          continue
        }
        (value, end) = (UInt32(byte), next)
      } else if byte == 0xC2, next != bytes.endIndex, (0x80...0x9F).contains(bytes[next]) {
        (value, end) = (UInt32(bytes[next]), bytes.index(after: next))
      } else {
        index = next
        continue
      }
      if result.isEmpty { result.reserveCapacity(bytes.count + 16) }
      result.append(contentsOf: bytes[copied..<index])
      result.append(contentsOf: "\\u{\(String(value, radix: 16))}".utf8)
      index = end
      copied = end
    }
    guard copied != bytes.startIndex else { return text }
    result.append(contentsOf: bytes[copied...])
    return String(decoding: result, as: UTF8.self)
  }

  /// Whether `bytes`, UTF-8, hold a control character (a line feed only without
  /// `keepingNewlines`).
  private static func hasControlCharacter(_ bytes: UnsafeBufferPointer<UInt8>, keepingNewlines: Bool) -> Bool
  {
    var index = 0
    while index < bytes.count {
      // Eight bytes at a time past words that hold no byte below 0x20, no DEL and no 0xC2 (the
      // lead byte of a C1 character): a screen is mostly such words, and a line feed in one
      // word sends only that word to the byte-by-byte check.
      let checkedEnd: Int
      if index + 8 <= bytes.count, let base = bytes.baseAddress {
        let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if !JSONStringScan.hasByte(below: 0x20, in: word) && !JSONStringScan.hasByte(0x7F, in: word)
          && !JSONStringScan.hasByte(0xC2, in: word)
        {
          index += 8
          continue
        }
        checkedEnd = index + 8
      } else {
        checkedEnd = bytes.count
      }
      while index < checkedEnd {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F {
          if !(keepingNewlines && byte == UInt8(ascii: "\n")) { return true }
        } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
          return true
        }
        index += 1
      }
    }
    return false
  }

  /// `text` with each control character replaced by a space: one line, nothing to interpret.
  package static func replacedWithSpaces(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { contains($0) ? " " : $0 }))
  }
}
