/// A small XML reader for hostile input: the subset property lists and Android manifests use.
///
/// It reads elements, attributes, text, CDATA sections, comments and processing instructions,
/// and the five entities XML predefines plus character references (`&#10;`, `&#x41;`). A
/// DOCTYPE is skipped unread: no DTD, internal or external, is ever fetched or expanded, so an
/// entity it declares is an error where it is used (no "billion laughs", no file read through
/// `SYSTEM "file:///…"`). Nesting deeper than ``maximumDepth`` and more than ``maximumNodes``
/// nodes are errors, not a deep stack or a huge tree. Namespaces are left to the caller
/// (names keep their prefix).
///
///     let root = try XMLDocument.parse(Array("<plist><true/></plist>".utf8))
///     // root.name == "plist", root.elements[0].name == "true"
package enum XMLDocument {
  /// The deepest nesting of elements accepted.
  package static let maximumDepth = 128
  /// The most elements and text nodes accepted in one document.
  package static let maximumNodes = 500_000

  /// The root element of `bytes`, a UTF-8 document (a byte order mark is skipped).
  ///
  /// - Throws: ``XMLError`` with the line of the first problem.
  package static func parse(_ bytes: [UInt8]) throws(XMLError) -> XMLElement {
    var parser = XMLParser(bytes: bytes)
    return try parser.document()
  }
}

/// The state of one parse: a cursor over the bytes and the line it is on.
struct XMLParser {
  let bytes: [UInt8]
  var position = 0
  var line = 1
  var nodes = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func document() throws(XMLError) -> XMLElement {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
      throw XMLError(line: 1, "the document is UTF-16; only UTF-8 is read")
    }
    var root: XMLElement?
    while true {
      skipWhitespace()
      guard position < bytes.count else { break }
      if starts(with: "<?") {
        try skip(past: "?>", what: "a processing instruction")
      } else if starts(with: "<!--") {
        try skipComment()
      } else if starts(with: "<!DOCTYPE") {
        guard root == nil else { throw XMLError(line: line, "a DOCTYPE after the root element") }
        try skipDoctype()
      } else if bytes[position] == UInt8(ascii: "<") {
        guard root == nil else { throw XMLError(line: line, "a second root element") }
        root = try element(depth: 1)
      } else {
        throw XMLError(line: line, "text outside the root element")
      }
    }
    guard let root else { throw XMLError(line: line, "no root element (an empty or truncated file?)") }
    return root
  }

  // MARK: - Elements

  mutating func element(depth: Int) throws(XMLError) -> XMLElement {
    guard depth <= XMLDocument.maximumDepth else {
      throw XMLError(line: line, "elements nested deeper than \(XMLDocument.maximumDepth) levels")
    }
    try count()
    let startLine = line
    position += 1
    let name = try readName("an element name")
    var attributes: [(name: String, value: String)] = []
    while true {
      let hadSpace = skipWhitespace()
      guard position < bytes.count else { throw unclosed(name, startLine) }
      if starts(with: "/>") {
        position += 2
        return XMLElement(name: name, attributes: attributes, children: [], line: startLine)
      }
      if bytes[position] == UInt8(ascii: ">") {
        position += 1
        break
      }
      guard hadSpace else { throw XMLError(line: line, "no space before an attribute of <\(name)>") }
      let attribute = try readName("an attribute name")
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
        throw XMLError(line: line, "attribute \(attribute) of <\(name)> has no '=' and value")
      }
      position += 1
      skipWhitespace()
      guard position < bytes.count,
        bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
      else { throw XMLError(line: line, "the value of \(attribute) is not quoted") }
      let quote = bytes[position]
      position += 1
      var valueBytes: [UInt8] = []
      try readText(until: quote, what: "the value of \(attribute)", into: &valueBytes)
      let value = String(decoding: valueBytes, as: UTF8.self)
      guard position < bytes.count else { throw unclosed(name, startLine) }
      position += 1
      guard !attributes.contains(where: { $0.name == attribute }) else {
        throw XMLError(line: line, "attribute \(attribute) is given twice in <\(name)>")
      }
      attributes.append((attribute, value))
    }
    var children: [XMLNode] = []
    // Text between child elements, gathered in one buffer: comments and CDATA sections may cut
    // it into many pieces, which are joined once.
    var text: [UInt8] = []
    var hasText = false
    while true {
      guard position < bytes.count else { throw unclosed(name, startLine) }
      if starts(with: "</") {
        if hasText { try appendText(text, to: &children) }
        position += 2
        let closing = try readName("a closing tag's name")
        guard closing == name else {
          throw XMLError(line: line, "</\(closing)> closes <\(name)> of line \(startLine)")
        }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
          throw XMLError(line: line, "</\(name)> has no '>'")
        }
        position += 1
        return XMLElement(name: name, attributes: attributes, children: children, line: startLine)
      }
      if starts(with: "<!--") {
        try skipComment()
      } else if starts(with: "<![CDATA[") {
        position += 9
        let start = position
        guard let end = find("]]>") else { throw XMLError(line: line, "a CDATA section is not closed") }
        countLines(start..<end)
        position = end + 3
        text += bytes[start..<end]
        hasText = true
      } else if starts(with: "<?") {
        try skip(past: "?>", what: "a processing instruction")
      } else if starts(with: "<!") {
        throw XMLError(line: line, "a declaration inside <\(name)>")
      } else if bytes[position] == UInt8(ascii: "<") {
        if hasText {
          try appendText(text, to: &children)
          text.removeAll(keepingCapacity: true)
          hasText = false
        }
        children.append(.element(try element(depth: depth + 1)))
      } else {
        try readText(until: UInt8(ascii: "<"), what: "text", into: &text)
        hasText = true
      }
    }
  }

  mutating func appendText(_ text: [UInt8], to children: inout [XMLNode]) throws(XMLError) {
    try count()
    children.append(.text(String(decoding: text, as: UTF8.self)))
  }

  mutating func count() throws(XMLError) {
    nodes += 1
    guard nodes <= XMLDocument.maximumNodes else {
      throw XMLError(line: line, "more than \(XMLDocument.maximumNodes) elements and texts")
    }
  }

  func unclosed(_ name: String, _ line: Int) -> XMLError {
    XMLError(line: self.line, "<\(name)> of line \(line) is not closed (a truncated file?)")
  }

  // MARK: - Names and text

  mutating func readName(_ what: String) throws(XMLError) -> String {
    let start = position
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "<"),
        UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "&"):
        guard position > start else { throw XMLError(line: line, "\(what) is missing") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
      default:
        position += 1
      }
    }
    throw XMLError(line: line, "the document ends inside \(what) (a truncated file?)")
  }

  /// Text up to `end` (not taken), entities decoded; `<` inside an attribute value is an error.
  mutating func readText(until end: UInt8, what: String, into text: inout [UInt8]) throws(XMLError) {
    while position < bytes.count {
      let byte = bytes[position]
      if byte == end { break }
      if byte == UInt8(ascii: "<") { throw XMLError(line: line, "'<' in \(what)") }
      if byte == UInt8(ascii: "&") {
        try readEntity(into: &text)
        continue
      }
      if byte == 0x0A { line += 1 }
      text.append(byte)
      position += 1
    }
  }

  mutating func readEntity(into text: inout [UInt8]) throws(XMLError) {
    let start = position + 1
    var end = start
    while end < bytes.count, end - start <= 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
    guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > start else {
      throw XMLError(line: line, "'&' starts no entity (write &amp; for a literal '&')")
    }
    let name = bytes[start..<end]
    position = end + 1
    switch String(decoding: name, as: UTF8.self) {
    case "lt": text.append(UInt8(ascii: "<"))
    case "gt": text.append(UInt8(ascii: ">"))
    case "amp": text.append(UInt8(ascii: "&"))
    case "quot": text.append(UInt8(ascii: "\""))
    case "apos": text.append(UInt8(ascii: "'"))
    case let reference where reference.hasPrefix("#"):
      let digits = reference.dropFirst()
      let value: UInt32? =
        digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      guard let value, value != 0, !digits.hasPrefix("+"), !digits.hasPrefix("-"),
        let scalar = Unicode.Scalar(value)
      else { throw XMLError(line: line, "&\(reference); is not a character") }
      text.append(contentsOf: String(Character(scalar)).utf8)
    case let other:
      throw XMLError(
        line: line,
        "the entity &\(other); is not one XML predefines; entities a DTD declares are never expanded, "
          + "nor external ones fetched")
    }
  }

  // MARK: - Skipping

  @discardableResult
  mutating func skipWhitespace() -> Bool {
    let start = position
    while position < bytes.count {
      switch bytes[position] {
      case 0x0A:
        line += 1
        position += 1
      case 0x20, 0x09, 0x0D: position += 1
      default: return position > start
      }
    }
    return position > start
  }

  mutating func skipComment() throws(XMLError) {
    try skip(past: "-->", what: "a comment")
  }

  mutating func skip(past terminator: StaticString, what: String) throws(XMLError) {
    guard let end = find(terminator) else { throw XMLError(line: line, "\(what) is not closed") }
    countLines(position..<end)
    position = end + terminator.utf8CodeUnitCount
  }

  /// Skips `<!DOCTYPE …>` with its internal subset, reading nothing of it: quotes and brackets
  /// are only followed to find its end.
  mutating func skipDoctype() throws(XMLError) {
    let startLine = line
    var depth = 0
    var quote: UInt8?
    position += 9
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      if byte == 0x0A { line += 1 }
      if let open = quote {
        if byte == open { quote = nil }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
      case UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: ">") where depth <= 0: return
      default: break
      }
    }
    throw XMLError(line: startLine, "the DOCTYPE is not closed")
  }

  func starts(with prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard bytes.count - position >= count else { return false }
    return prefix.withUTF8Buffer { prefix in
      var index = 0
      while index < count {
        if bytes[position + index] != prefix[index] { return false }
        index += 1
      }
      return true
    }
  }

  /// The offset of the next `terminator` from the cursor, or `nil`.
  func find(_ terminator: StaticString) -> Int? {
    let first = terminator.utf8Start.pointee
    let count = terminator.utf8CodeUnitCount
    var index = position
    while index + count <= bytes.count {
      if bytes[index] == first {
        var matched = true
        terminator.withUTF8Buffer { buffer in
          for offset in 1..<count where bytes[index + offset] != buffer[offset] {
            matched = false
            break
          }
        }
        if matched { return index }
      }
      index += 1
    }
    return nil
  }

  mutating func countLines(_ range: Range<Int>) {
    for index in range where bytes[index] == 0x0A { line += 1 }
  }
}
