/// The cursor of ``TOMLDocument``: reads headers, keys and values from bytes, counting lines,
/// and throws a ``TOMLError`` at the first byte it cannot take.
struct TOMLReader {
  let bytes: [UInt8]
  var index = 0
  /// The 1-based line of ``index``.
  private(set) var line = 1
  /// Where ``line`` starts, for columns.
  private var lineStart = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  /// An error at the current byte.
  func error(_ reason: String) -> TOMLError {
    var column = 1
    for byte in bytes[lineStart..<min(index, bytes.count)] where byte & 0xC0 != 0x80 { column += 1 }
    return TOMLError(line: line, column: column, reason: reason)
  }

  private mutating func advance() {
    if bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    index += 1
  }

  /// Skips spaces and tabs.
  mutating func skipSpaces() {
    while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { advance() }
  }

  /// Skips a comment to the end of its line (not the line break).
  private mutating func skipComment() {
    guard peek() == UInt8(ascii: "#") else { return }
    while let byte = peek(), byte != UInt8(ascii: "\n") { advance() }
  }

  /// Skips a line break (`\n` or `\r\n`), if one is next.
  private mutating func skipLineBreak() -> Bool {
    if peek() == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
      advance()
    }
    guard peek() == UInt8(ascii: "\n") else { return false }
    advance()
    return true
  }

  /// Skips blank lines and comment lines, leaving the cursor at the next content (or the end).
  mutating func skipBlankLinesAndComments() {
    while true {
      skipSpaces()
      skipComment()
      guard skipLineBreak() else { return }
    }
  }

  /// Skips blanks, comments and line breaks: what may sit between an array's elements.
  private mutating func skipArraySpace() {
    while true {
      skipSpaces()
      skipComment()
      guard skipLineBreak() else { return }
    }
  }

  /// After a header or a key's value: spaces, an optional comment, then a line break or the end.
  mutating func endOfLine() throws(TOMLError) {
    skipSpaces()
    skipComment()
    guard peek() == nil || skipLineBreak() else { throw error("expected the end of the line") }
  }

  /// `[a.b]` or `[[a.b]]`: the keys and whether it is an array of tables.
  mutating func header() throws(TOMLError) -> ([String], Bool) {
    advance()
    let isArray = peek() == UInt8(ascii: "[")
    if isArray { advance() }
    let path = try key()
    for _ in 0..<(isArray ? 2 : 1) {
      guard peek() == UInt8(ascii: "]") else { throw error("expected ']' to close the table header") }
      advance()
    }
    return (path, isArray)
  }

  /// `key = value`.
  mutating func keyValue() throws(TOMLError) -> ([String], TOMLDocument.Value) {
    let path = try key()
    guard peek() == UInt8(ascii: "=") else { throw error("expected '=' after the key") }
    advance()
    skipSpaces()
    return (path, try value())
  }

  /// A dotted key of bare and quoted parts, with the spaces around it.
  mutating func key() throws(TOMLError) -> [String] {
    var parts: [String] = []
    repeat {
      if !parts.isEmpty { advance() }
      skipSpaces()
      switch peek() {
      case UInt8(ascii: "\""): parts.append(try basicString())
      case UInt8(ascii: "'"): parts.append(try literalString())
      default:
        let start = index
        while let byte = peek(), Self.isBareKeyByte(byte) { advance() }
        guard index > start else { throw error("expected a key") }
        parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
      }
      skipSpaces()
    } while peek() == UInt8(ascii: ".")
    return parts
  }

  /// A value: a string, a number, a boolean, an array or an inline table.
  mutating func value() throws(TOMLError) -> TOMLDocument.Value {
    switch peek() {
    case UInt8(ascii: "\""): return .string(try basicString())
    case UInt8(ascii: "'"): return .string(try literalString())
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "{"): return try inlineTable()
    default: return try scalar()
    }
  }

  private mutating func array() throws(TOMLError) -> TOMLDocument.Value {
    advance()
    var elements: [TOMLDocument.Value] = []
    while true {
      skipArraySpace()
      if peek() == UInt8(ascii: "]") {
        advance()
        return .array(elements)
      }
      elements.append(try value())
      skipArraySpace()
      switch peek() {
      case UInt8(ascii: ","): advance()
      case UInt8(ascii: "]"): continue
      default: throw error("expected ',' or ']' in the array")
      }
    }
  }

  private mutating func inlineTable() throws(TOMLError) -> TOMLDocument.Value {
    advance()
    var members: [String: TOMLDocument.Value] = [:]
    skipSpaces()
    if peek() == UInt8(ascii: "}") {
      advance()
      return .inlineTable(members)
    }
    while true {
      let (key, value) = try keyValue()
      let name = key.joined(separator: ".")
      guard members[name] == nil else { throw error("the key '\(name)' is given twice") }
      members[name] = value
      skipSpaces()
      switch peek() {
      case UInt8(ascii: ","): advance()
      case UInt8(ascii: "}"):
        advance()
        return .inlineTable(members)
      default: throw error("expected ',' or '}' in the inline table")
      }
    }
  }

  /// An integer, a float or a boolean: letters, digits and `+-._` up to a delimiter, checked.
  private mutating func scalar() throws(TOMLError) -> TOMLDocument.Value {
    let start = index
    while let byte = peek(),
      Self.isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
    {
      advance()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard Self.isScalar(text) else {
      index = start
      throw error("expected a value (a string, a number, true, false, an array or an inline table)")
    }
    return .scalar(text)
  }

  /// `"…"` with TOML's escapes, on one line.
  private mutating func basicString() throws(TOMLError) -> String {
    advance()
    if peek() == UInt8(ascii: "\""), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
      throw error("multi-line strings are not read here")
    }
    var scalars = String.UnicodeScalarView()
    var start = index
    while true {
      guard let byte = peek(), byte != UInt8(ascii: "\n") else { throw error("the string is not closed") }
      if byte == UInt8(ascii: "\"") {
        scalars.append(contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
        advance()
        return String(scalars)
      }
      guard byte == UInt8(ascii: "\\") else {
        advance()
        continue
      }
      scalars.append(contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
      advance()
      guard let escape = peek() else { throw error("the string is not closed") }
      let simple: [UInt8: Unicode.Scalar] = [
        UInt8(ascii: "b"): "\u{08}", UInt8(ascii: "t"): "\t", UInt8(ascii: "n"): "\n",
        UInt8(ascii: "f"): "\u{0C}",
        UInt8(ascii: "r"): "\r", UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\",
        UInt8(ascii: "e"): "\u{1B}",
      ]
      if let scalar = simple[escape] {
        advance()
        scalars.append(scalar)
      } else if escape == UInt8(ascii: "u") || escape == UInt8(ascii: "U") {
        let count = escape == UInt8(ascii: "u") ? 4 : 8
        advance()
        guard index + count <= bytes.count,
          let code = UInt32(String(decoding: bytes[index..<index + count], as: UTF8.self), radix: 16),
          let scalar = Unicode.Scalar(code)
        else { throw error("invalid \\u escape") }
        for _ in 0..<count { advance() }
        scalars.append(scalar)
      } else {
        throw error("invalid escape in the string")
      }
      start = index
    }
  }

  /// `'…'`, taken as written, on one line.
  private mutating func literalString() throws(TOMLError) -> String {
    advance()
    if peek() == UInt8(ascii: "'"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "'") {
      throw error("multi-line strings are not read here")
    }
    let start = index
    while let byte = peek(), byte != UInt8(ascii: "'") {
      guard byte != UInt8(ascii: "\n") else { throw error("the string is not closed") }
      advance()
    }
    guard peek() != nil else { throw error("the string is not closed") }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    advance()
    return text
  }

  static func isBareKeyByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
  }

  /// `true`, `false`, `inf`/`nan` with an optional sign, a decimal integer or float (with
  /// `_` between digits, an exponent), or a `0x`/`0o`/`0b` integer.
  static func isScalar(_ text: String) -> Bool {
    if text == "true" || text == "false" { return true }
    var body = Substring(text)
    if body.first == "+" || body.first == "-" { body = body.dropFirst() }
    if body == "inf" || body == "nan" { return true }
    if body.count > 2, body.hasPrefix("0x") || body.hasPrefix("0o") || body.hasPrefix("0b"),
      body.count == text.count
    {
      let radix = body.hasPrefix("0x") ? 16 : body.hasPrefix("0o") ? 8 : 2
      return Int(body.dropFirst(2).filter { $0 != "_" }, radix: radix) != nil && !body.hasSuffix("_")
    }
    guard let first = body.first, first.isASCII, first.isNumber, !body.hasSuffix("_"), !body.contains("__")
    else { return false }
    let digits = body.filter { $0 != "_" }
    guard !(digits.count > 1 && digits.hasPrefix("0") && digits.dropFirst().first?.isNumber == true) else {
      return false
    }
    return Int(digits) != nil || (Double(digits) != nil && !digits.hasSuffix(".") && !digits.contains(".e"))
  }
}
