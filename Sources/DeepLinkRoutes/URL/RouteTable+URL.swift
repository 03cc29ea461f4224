extension RouteTable {
  /// The URL of `link`: `debug://recipe?id=42`.
  ///
  /// Parameters appear in declaration order; optional ones left at their default are left
  /// out; keys and values are percent-encoded per RFC 3986, so any string round-trips.
  public func url(for link: Link) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(scheme.utf8.count + link.route.name.utf8.count + 64)
    bytes.append(contentsOf: scheme.utf8)
    bytes.append(contentsOf: "://".utf8)
    bytes.append(contentsOf: link.route.name.utf8)
    var separator = UInt8(ascii: "?")
    for (parameter, value) in zip(link.route.parameters, link.values)
    where value != parameter.defaultValue {
      bytes.append(separator)
      separator = UInt8(ascii: "&")
      PercentEncoding.encode(parameter.name, into: &bytes)
      bytes.append(UInt8(ascii: "="))
      PercentEncoding.encode(value.text, into: &bytes)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Parses a debug link into a typed ``Link``.
  ///
  /// The grammar is `scheme://route[/][?key=value(&key=value)*]`. Scheme and route compare
  /// case-insensitively; keys and values are percent-decoded (`+` stays a plus); empty
  /// `&&` pieces are skipped. Unknown keys are errors, never ignored.
  ///
  ///     try RouteTable.recipeSample.parse("DEBUG://Recipe/?id=42")  // recipe, id 42
  ///
  /// - Throws: ``LinkError`` naming the first problem found, left to right.
  public func parse(_ text: String) throws(LinkError) -> Link {
    // Read in place: a native string's bytes, with no copy of them.
    var utf8 = text
    let parsed = utf8.withUTF8 { bytes in
      Result { () throws(LinkError) in try parse(bytes, text: text) }
    }
    return try parsed.get()
  }

  /// ``parse(_:)`` of `bytes`, the UTF-8 of `text`.
  private func parse(_ bytes: UnsafeBufferPointer<UInt8>, text: @autoclosure () -> String) throws(LinkError)
    -> Link
  {
    guard let colon = Self.schemeSeparator(in: bytes) else {
      throw .notAURL(text(), reason: "it has no '://'", scheme: scheme)
    }
    let schemeBytes = bytes[..<colon]
    guard !schemeBytes.isEmpty else {
      throw .notAURL(text(), reason: "it has no scheme before '://'", scheme: scheme)
    }
    guard Self.isScheme(UnsafeBufferPointer(rebasing: schemeBytes), allowUppercase: true) else {
      throw .notAURL(
        text(), reason: "'\(String(decoding: schemeBytes, as: UTF8.self))' is not a scheme", scheme: scheme)
    }
    if let bad = bytes.firstIndex(where: { $0 <= 0x20 || $0 == 0x7F }) {
      let what =
        bytes[bad] == 0x20
        ? "a space at offset \(bad) (percent-encode it as %20)" : "a control character at offset \(bad)"
      throw .notAURL(text(), reason: "it contains \(what)", scheme: scheme)
    }
    guard Self.sameIgnoringASCIICase(schemeBytes, scheme) else {
      throw .wrongScheme(found: Self.lowercased(schemeBytes), expected: scheme)
    }

    var rest = bytes[(colon + 3)...]
    let hostEnd =
      rest.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
      ) ?? rest.endIndex
    let name = Self.lowercased(rest[..<hostEnd])
    guard !name.isEmpty else { throw .missingRoute(scheme: scheme, example: exampleRoute) }
    guard let route = route(named: name) else {
      throw .unknownRoute(name, suggestion: suggestion(for: name))
    }
    rest = rest[hostEnd...]

    if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
      throw .unexpectedFragment(String(decoding: rest[(hash + 1)...], as: UTF8.self))
    }
    let queryStart = rest.firstIndex(of: UInt8(ascii: "?")) ?? rest.endIndex
    let path = rest[..<queryStart]
    guard path.isEmpty || (path.count == 1 && path.first == UInt8(ascii: "/")) else {
      throw .unexpectedPath(String(decoding: path, as: UTF8.self), scheme: scheme)
    }

    var pairs: [(name: String, text: String?)] = []
    if queryStart < rest.endIndex {
      // `&`-separated pieces, empty ones skipped, read where they lie.
      var pieceStart = queryStart + 1
      while pieceStart < rest.endIndex {
        let pieceEnd = rest[pieceStart...].firstIndex(of: UInt8(ascii: "&")) ?? rest.endIndex
        let piece = rest[pieceStart..<pieceEnd]
        pieceStart = pieceEnd + 1
        guard !piece.isEmpty else { continue }
        if pairs.isEmpty { pairs.reserveCapacity(route.parameters.count) }
        if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
          pairs.append(
            (try PercentEncoding.decode(piece[..<equals]), try PercentEncoding.decode(piece[(equals + 1)...]))
          )
        } else {
          pairs.append((try PercentEncoding.decode(piece), nil))
        }
      }
    }
    do {
      return try route.bind(pairs)
    } catch {
      throw .argument(error)
    }
  }

  /// Where the first `://` in `bytes` starts, if anywhere.
  private static func schemeSeparator(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = bytes.startIndex
    while index + 2 < bytes.endIndex {
      if bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
        bytes[index + 2] == UInt8(ascii: "/")
      {
        return index
      }
      index += 1
    }
    return nil
  }

  /// A letter, then letters, digits, `+`, `-` or `.` (RFC 3986); lowercase letters only
  /// unless `allowUppercase` (a routes file declares its scheme in lowercase, because Android
  /// matches schemes case-sensitively). Concrete bytes, not a generic collection: called
  /// from another module, a generic one is not specialized and its first call looks up
  /// conformances at run time, measurable in a routes file's start-up (BENCHMARKS.md).
  package static func isScheme(_ bytes: UnsafeBufferPointer<UInt8>, allowUppercase: Bool) -> Bool {
    func isLetter(_ byte: UInt8) -> Bool {
      allowUppercase ? byte.isASCIILetter : byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
    }
    guard let first = bytes.first, isLetter(first) else { return false }
    return bytes.allSatisfy { isLetter($0) || $0.isASCIIDigit || "+-.".utf8.contains($0) }
  }

  /// A route of this table for messages to show as an example: the first that needs no
  /// value, or `nil` when every route needs one.
  var exampleRoute: String? {
    routes.first { route in route.parameters.allSatisfy { $0.defaultValue != nil } }?.name
  }

  /// Whether `bytes` and `text`'s UTF-8 are the same once ASCII-lowercased.
  private static func sameIgnoringASCIICase(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ text: String)
    -> Bool
  {
    var text = text
    return text.withUTF8 { text in
      bytes.count == text.count && zip(bytes, text).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
    }
  }

  /// ASCII-lowercases `bytes` (RFC 3986 case-insensitivity of scheme and host): bytes with no
  /// capital letter, as links are written, become the string as they are.
  private static func lowercased(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    guard bytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
      return String(decoding: bytes, as: UTF8.self)
    }
    return String(decoding: bytes.map(\.asciiLowercased), as: UTF8.self)
  }
}
