import DeepLinkRoutes

/// The JSON grammar over bytes, one value or token at a time: what ``JSON/parse(_:)`` builds a
/// tree with.
///
///     var reader = JSONReader(bytes: Array(#"{"a": 1}"#.utf8))
///     try reader.expect(UInt8(ascii: "{"))  // reader.index == 1
package struct JSONReader {
  /// The document.
  package let bytes: [UInt8]
  /// The next byte to read.
  package var index = 0

  package init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Steps over JSON whitespace (space, tab, line feed, carriage return).
  package mutating func skipWhitespace() {
    index = bytes.withUnsafeBufferPointer { buffer in
      var index = self.index
      while index < buffer.count {
        switch buffer[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return index
        }
      }
      return index
    }
  }

  /// The next byte, not consumed.
  package func peek() throws(JSONError) -> UInt8 {
    guard index < bytes.count else { throw .unexpectedEnd }
    return bytes[index]
  }

  /// The value at ``index`` (its first byte), nested `depth` levels deep, as a tree.
  package mutating func value(depth: Int) throws(JSONError) -> JSON {
    guard depth < 64 else { throw .tooDeep }
    switch try peek() {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): try literal("true"); return .bool(true)
    case UInt8(ascii: "f"): try literal("false"); return .bool(false)
    case UInt8(ascii: "n"): try literal("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    case let byte: throw .unexpectedByte(byte, offset: index)
    }
  }

  mutating func literal(_ word: String) throws(JSONError) {
    for expected in word.utf8 {
      let byte = try peek()
      guard byte == expected else { throw .unexpectedByte(byte, offset: index) }
      index += 1
    }
  }

  /// Consumes `expected`, or throws at the byte found instead.
  package mutating func expect(_ expected: UInt8) throws(JSONError) {
    let byte = try peek()
    guard byte == expected else { throw .unexpectedByte(byte, offset: index) }
    index += 1
  }

  mutating func object(depth: Int) throws(JSONError) -> JSON {
    index += 1
    var members: [JSON.Member] = []
    var keys: Set<String>?
    skipWhitespace()
    if try peek() == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard try peek() == UInt8(ascii: "\"") else { throw .unexpectedByte(bytes[index], offset: index) }
      let key = try string()
      // A linear scan for the small objects of the protocol (a Set would cost the CLI's
      // start-up a conformance lookup); a set once an object grows, so a hostile line of
      // thousands of keys stays linear. The set is changed where it is held: a copy taken
      // out and stored back shares its storage with the original while it is changed, and
      // each insertion copied the whole set (quadratic, and in debug builds it was).
      if members.count < 16 {
        guard !members.contains(where: { $0.key == key }) else { throw .duplicateKey(key) }
      } else {
        if keys == nil { keys = Set(members.map(\.key)) }
        guard keys!.insert(key).inserted else { throw .duplicateKey(key) }
      }
      skipWhitespace()
      try expect(UInt8(ascii: ":"))
      skipWhitespace()
      // Room for the protocol's objects without growing (up to about eight members); an empty
      // object allocates nothing.
      if members.isEmpty { members.reserveCapacity(8) }
      members.append(JSON.Member(key, try value(depth: depth + 1)))
      skipWhitespace()
      let byte = try peek()
      index += 1
      if byte == UInt8(ascii: "}") { return .object(members) }
      guard byte == UInt8(ascii: ",") else { throw .unexpectedByte(byte, offset: index - 1) }
    }
  }

  mutating func array(depth: Int) throws(JSONError) -> JSON {
    index += 1
    var elements: [JSON] = []
    skipWhitespace()
    if try peek() == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try value(depth: depth + 1))
      skipWhitespace()
      let byte = try peek()
      index += 1
      if byte == UInt8(ascii: "]") { return .array(elements) }
      guard byte == UInt8(ascii: ",") else { throw .unexpectedByte(byte, offset: index - 1) }
    }
  }

  mutating func number() throws(JSONError) -> JSON {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits(_ parser: inout JSONReader) -> Int {
      let from = parser.index
      while parser.index < parser.bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index])
      {
        parser.index += 1
      }
      return parser.index - from
    }
    let integerDigits = digits(&self)
    guard integerDigits > 0, !(integerDigits > 1 && bytes[index - integerDigits] == UInt8(ascii: "0"))
    else { throw .invalidNumber(offset: start) }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard digits(&self) > 0 else { throw .invalidNumber(offset: start) }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard digits(&self) > 0 else { throw .invalidNumber(offset: start) }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int(text) { return .int(value) }
    // "1e999" parses as infinity, which JSON cannot carry back out.
    guard let value = Double(text), value.isFinite else { throw .invalidNumber(offset: start) }
    return .double(value)
  }

  /// The string whose opening quote is at ``index``, unescaped; ``index`` ends after its
  /// closing quote.
  package mutating func string() throws(JSONError) -> String {
    index += 1
    // The common string, ASCII without escapes, is made straight from the input: no buffer, no
    // validation.
    var (end, ascii) = plainRun(from: index)
    if end < bytes.count, bytes[end] == UInt8(ascii: "\""), ascii {
      let text = bytes.withUnsafeBufferPointer { buffer in
        String(decoding: UnsafeBufferPointer(rebasing: buffer[index..<end]), as: UTF8.self)
      }
      index = end + 1
      return text
    }
    // Otherwise the text is copied in runs between the bytes that end a run (a quote, an
    // escape, a control byte), not byte by byte: a reply carries the app's whole screen, with
    // `\n` escapes and non-ASCII box drawing.
    var output: [UInt8] = []
    output.reserveCapacity(end - index + 16)
    while true {
      (end, ascii) = plainRun(from: end)
      output.append(contentsOf: bytes[index..<end])
      index = end
      let byte = try peek()
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = String(validUTF8: output) else { throw .invalidUTF8 }
        return text
      case UInt8(ascii: "\\"):
        let escape = try peek()
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if (0xD800..<0xDC00).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { throw .invalidEscape(offset: index) }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw .invalidEscape(offset: index) }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let unicode = Unicode.Scalar(scalar) else { throw .invalidEscape(offset: index) }
          output.append(contentsOf: String(Character(unicode)).utf8)
        default:
          throw .invalidEscape(offset: index - 1)
        }
      case 0..<0x20:
        throw .unexpectedByte(byte, offset: index - 1)
      default:
        output.append(byte)
      }
      end = index
    }
  }

  /// Where the run of bytes that stand for themselves in a string, from `start`, ends: at a
  /// quote, a backslash, a control byte or the end; and whether the run is ASCII
  /// (``JSONStringScan``: a reply's strings hold the app's whole screen).
  private func plainRun(from start: Int) -> (end: Int, ascii: Bool) {
    bytes.withUnsafeBufferPointer { buffer in
      JSONStringScan.plainRun(in: buffer, from: start, stoppingAtDelete: false)
    }
  }

  mutating func hex4() throws(JSONError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = try peek()
      index += 1
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw .invalidEscape(offset: index - 1)
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }
}
