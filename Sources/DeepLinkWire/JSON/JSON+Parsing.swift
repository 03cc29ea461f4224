extension JSON {
  /// Parses exactly one JSON value (RFC 8259), surrounded by optional whitespace.
  ///
  ///     try JSON.parse(Array(#"{"op":"ping"}"#.utf8))["op"]  // .string("ping")
  ///
  /// - Throws: ``JSONError`` at the first byte that does not fit.
  package static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSON {
    var parser = JSONReader(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.index == parser.bytes.count else { throw .trailingBytes(offset: parser.index) }
    return value
  }

  /// ``parse(_:)-([UInt8])`` of a line or part of a buffer.
  package static func parse(_ bytes: ArraySlice<UInt8>) throws(JSONError) -> JSON {
    try parse(Array(bytes))
  }

  /// ``parse(_:)-([UInt8])`` of text.
  package static func parse(_ text: String) throws(JSONError) -> JSON {
    try parse(Array(text.utf8))
  }

  /// ``parse(_:)`` for a document a person edits (a routes file): an error comes with the
  /// byte offset where the parser stopped, for a line and column, also for the errors that
  /// carry no offset of their own (a duplicate key: just after it; the end: the byte count).
  ///
  /// - Throws: ``LocatedJSONError``.
  package static func parseLocated(_ bytes: [UInt8]) throws(LocatedJSONError) -> JSON {
    var parser = JSONReader(bytes: bytes)
    do throws(JSONError) {
      parser.skipWhitespace()
      let value = try parser.value(depth: 0)
      parser.skipWhitespace()
      guard parser.index == parser.bytes.count else { throw JSONError.trailingBytes(offset: parser.index) }
      return value
    } catch {
      let offset: Int =
        switch error {
        case .unexpectedByte(_, let offset), .invalidEscape(let offset), .invalidNumber(let offset),
          .trailingBytes(let offset):
          offset
        default: min(parser.index, bytes.count)
        }
      throw LocatedJSONError(error: error, offset: offset)
    }
  }
}

/// A ``JSONError`` and the byte offset it happened at.
package struct LocatedJSONError: Error, Hashable, Sendable {
  package let error: JSONError
  package let offset: Int

  /// The 1-based line and column (in Unicode scalars) of ``offset`` in `bytes`.
  package func lineAndColumn(in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes[..<min(offset, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }
}
