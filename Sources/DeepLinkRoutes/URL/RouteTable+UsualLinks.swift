extension RouteTable {
  /// ``parse(_:)`` for a link without anything unusual, in one pass over its UTF-8 bytes, with
  /// no copy of the text, no array of query pieces and no `String` for a name, a key or an
  /// integer; it also tells whether the text is the link's canonical URL, which the link then
  /// keeps for ``url(for:)``.
  ///
  /// Anything this reading is not sure of gives `nil`, and ``parseAnyLink(_:)`` reads the text
  /// again, so errors and rare spellings have one implementation: any error at all, a
  /// control character, a non-ASCII route name or key, a `%` in a route name, a key or an
  /// integer, an integer of 19 digits or more, a route of more than 64 parameters, a key
  /// compared with a non-ASCII parameter name, a table whose scheme is not one or whose route
  /// names are not all ASCII (``NameIndex/usualScheme``).
  ///
  /// - Returns: what ``parseAnyLink(_:)`` returns for `text`, or `nil`.
  package func parseUsualLink(_ text: String) -> Link? {
    guard let scheme = names.usualScheme else { return nil }
    return text.utf8.withContiguousStorageIfAvailable { bytes in
      scheme.withUnsafeBufferPointer { scheme in
        parseUsualLink(UsualLinkReader(bytes: bytes), scheme: scheme, text: text)
      }
    } ?? nil
  }

  /// Whether `text` begins with this table's scheme, exactly as ``url(for:)`` writes it, and
  /// `://`: a canonical URL kept by a link is this table's URL for it only then.
  func startsWithScheme(_ text: String) -> Bool {
    guard let scheme = names.usualScheme else { return false }
    return text.utf8.withContiguousStorageIfAvailable { bytes in
      guard bytes.count >= scheme.count + 3 else { return false }
      for offset in scheme.indices where bytes[offset] != scheme[offset] { return false }
      return bytes[scheme.count] == UInt8(ascii: ":") && bytes[scheme.count + 1] == UInt8(ascii: "/")
        && bytes[scheme.count + 2] == UInt8(ascii: "/")
    } ?? false
  }

  private func parseUsualLink(_ reader: UsualLinkReader, scheme: UnsafeBufferPointer<UInt8>, text: String)
    -> Link?
  {
    let bytes = reader.bytes
    var canonical = true
    // `scheme://`, the scheme in any letter case.
    guard bytes.count > scheme.count + 3 else { return nil }
    for offset in 0..<scheme.count {
      let byte = bytes[offset]
      guard UsualLinkReader.lowercased(byte) == UsualLinkReader.lowercased(scheme[offset]) else { return nil }
      if byte != scheme[offset] { canonical = false }
    }
    guard bytes[scheme.count] == UInt8(ascii: ":"), bytes[scheme.count + 1] == UInt8(ascii: "/"),
      bytes[scheme.count + 2] == UInt8(ascii: "/")
    else { return nil }

    // The route name, up to `/`, `?`, `#` or the end: printable ASCII, looked up lowercased;
    // one longer than any route's is left to the general reading without reading it all.
    let nameStart = scheme.count + 3
    let nameLimit = min(bytes.count, nameStart + names.longest + 1)
    var index = nameStart
    while index < nameLimit {
      let byte = bytes[index]
      if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
      guard byte > 0x20, byte < 0x7F else { return nil }
      if byte >= 0x41 && byte <= 0x5A { canonical = false }
      index += 1
    }
    guard let position = routePosition(lowercasing: nameStart..<index, of: reader) else { return nil }

    // An optional `/`, then the end or a query.
    if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
      canonical = false
      index += 1
    }
    let route = routes[position]
    let parameters = route.parameters
    guard parameters.count <= 64 else { return nil }
    var values = parameters.map { $0.defaultValue ?? .boolean(false) }
    var given: UInt64 = 0
    if index < bytes.count {
      guard bytes[index] == UInt8(ascii: "?") else { return nil }
      index += 1
      var lastGiven = -1
      // One `key[=value]` piece a turn; empty pieces (`&&`, a trailing `&` or `?`) are skipped,
      // and are not canonical.
      while index <= bytes.count {
        let start = index
        var equals: Int?
        while index < bytes.count, bytes[index] != UInt8(ascii: "&") {
          let byte = bytes[index]
          guard byte > 0x20, byte != 0x7F, byte != UInt8(ascii: "#") else { return nil }
          if byte == UInt8(ascii: "="), equals == nil { equals = index }
          index += 1
        }
        let end = index
        index += 1
        guard end > start else {
          canonical = false
          continue
        }
        guard
          let found = reader.parameterPosition(
            of: start..<(equals ?? end), in: parameters, canonical: &canonical)
        else { return nil }
        let bit: UInt64 = 1 << UInt64(found)
        guard given & bit == 0 else { return nil }
        given |= bit
        if found <= lastGiven { canonical = false }
        lastGiven = found
        guard let equals else {
          guard case .boolean = parameters[found].type else { return nil }
          values[found] = .boolean(true)
          canonical = false
          continue
        }
        guard
          let value = reader.value(of: (equals + 1)..<end, as: parameters[found].type, canonical: &canonical)
        else { return nil }
        if canonical, value == parameters[found].defaultValue { canonical = false }
        values[found] = value
      }
    }
    for offset in parameters.indices where given & (1 << UInt64(offset)) == 0 {
      guard parameters[offset].defaultValue != nil else { return nil }
    }
    return Link(route: route, values: values, canonicalURL: canonical ? text : nil)
  }

  /// The position of the route whose name is the ASCII-lowercased `range` of the reader's
  /// bytes (printable ASCII, checked), if any: the first, if several are.
  private func routePosition(lowercasing range: Range<Int>, of reader: UsualLinkReader) -> Int? {
    guard !range.isEmpty, range.count <= names.longest else { return nil }
    return names.nameBytes?.position(lowercasing: UnsafeBufferPointer(rebasing: reader.bytes[range]))
  }
}

/// The byte-level pieces of ``RouteTable/parseUsualLink(_:)``: each reads part of the text,
/// returns `nil` for anything it leaves to the general reading, and clears `canonical` when
/// the part is not spelled as ``RouteTable/url(for:)`` would spell it.
struct UsualLinkReader {
  /// The link's UTF-8.
  let bytes: UnsafeBufferPointer<UInt8>

  static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }

  /// The position of the parameter named by the key at `range`: ASCII without `%`, compared
  /// byte by byte with the names up to the one it matches, which must be ASCII for that to be
  /// `String`'s `==` (a non-ASCII name can be canonically equivalent to an ASCII key: U+212A
  /// KELVIN SIGN is `K`).
  func parameterPosition(of range: Range<Int>, in parameters: [Parameter], canonical: inout Bool) -> Int? {
    for offset in range {
      let byte = bytes[offset]
      guard byte < 0x80, byte != UInt8(ascii: "%") else { return nil }
      if !PercentEncoding.isUnreserved(byte) { canonical = false }
    }
    let key = UnsafeBufferPointer(rebasing: bytes[range])
    for position in parameters.indices {
      var name = parameters[position].name
      let match = name.withUTF8 { name -> Bool? in
        if name.count == key.count, (0..<key.count).allSatisfy({ name[$0] == key[$0] }) { return true }
        return name.contains(where: { $0 >= 0x80 }) ? nil : false
      }
      guard let match else { return nil }
      if match { return position }
    }
    return nil
  }

  /// The value of `type` written at `range`.
  func value(of range: Range<Int>, as type: ParameterType, canonical: inout Bool) -> ArgumentValue? {
    switch type {
    case .integer(let bounds):
      guard let number = integer(at: range, canonical: &canonical) else { return nil }
      if let bounds, !bounds.contains(number) { return nil }
      return .integer(number)
    case .string:
      return text(at: range, canonical: &canonical).map { .string($0) }
    case .boolean:
      return boolean(at: range, canonical: &canonical).map { .boolean($0) }
    case .choice(let choices):
      guard let text = text(at: range, canonical: &canonical), choices.contains(text) else { return nil }
      return .string(text)
    }
  }

  /// An optional sign and 1 to 18 decimal digits (no overflow possible); canonical without a
  /// `+`, a leading zero or `-0`.
  private func integer(at range: Range<Int>, canonical: inout Bool) -> Int? {
    var index = range.lowerBound
    var negative = false
    if index < range.upperBound, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      if !negative { canonical = false }
      index += 1
    }
    let digits = range.upperBound - index
    guard digits >= 1, digits <= 18 else { return nil }
    if digits > 1, bytes[index] == UInt8(ascii: "0") { canonical = false }
    var number = 0
    while index < range.upperBound {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      number = number * 10 + Int(digit)
      index += 1
    }
    if negative, number == 0 { canonical = false }
    return negative ? -number : number
  }

  /// ``ParameterType/booleanRule`` without `%`; canonical as `true` or `false`.
  private func boolean(at range: Range<Int>, canonical: inout Bool) -> Bool? {
    func matches(_ word: StaticString) -> Bool {
      guard range.count == word.utf8CodeUnitCount else { return false }
      for offset in 0..<range.count
      where Self.lowercased(bytes[range.lowerBound + offset]) != word.utf8Start[offset] {
        return false
      }
      return true
    }
    let flag: Bool
    if matches("true") || matches("1") {
      flag = true
    } else if matches("false") || matches("0") {
      flag = false
    } else {
      return nil
    }
    // Only `true` and `false`, lowercase, are canonical (``ArgumentValue/text``).
    if range.count == 1 || range.contains(where: { bytes[$0] >= 0x41 && bytes[$0] <= 0x5A }) {
      canonical = false
    }
    return flag
  }

  /// The percent-decoded text at `range` (`+` stays a plus), `nil` for a malformed escape or
  /// bytes that are not UTF-8; canonical when every byte is unreserved or an uppercase escape
  /// of a byte that is not (``PercentEncoding/encode(_:into:)``).
  private func text(at range: Range<Int>, canonical: inout Bool) -> String? {
    var escapes = false
    for offset in range {
      let byte = bytes[offset]
      if byte == UInt8(ascii: "%") {
        escapes = true
      } else if !PercentEncoding.isUnreserved(byte) {
        canonical = false
      }
    }
    guard escapes else {
      // Cut at ASCII delimiters out of a `String`'s UTF-8: valid as it is.
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { output -> String? in
      var count = 0
      var ascii = true
      var index = range.lowerBound
      while index < range.upperBound {
        var byte = bytes[index]
        if byte == UInt8(ascii: "%") {
          guard index + 2 < range.upperBound, let high = PercentEncoding.hexValue(bytes[index + 1]),
            let low = PercentEncoding.hexValue(bytes[index + 2])
          else { return nil }
          byte = high << 4 | low
          if bytes[index + 1] >= UInt8(ascii: "a") || bytes[index + 2] >= UInt8(ascii: "a")
            || PercentEncoding.isUnreserved(byte)
          {
            canonical = false
          }
          index += 3
        } else {
          index += 1
        }
        if byte >= 0x80 { ascii = false }
        output[count] = byte
        count += 1
      }
      let decoded = UnsafeBufferPointer(rebasing: output[..<count])
      return ascii ? String(decoding: decoded, as: UTF8.self) : String(validUTF8: decoded)
    }
  }
}
