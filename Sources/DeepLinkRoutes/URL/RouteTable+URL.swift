extension RouteTable {
  /// The URL of `link`: `debug://recipe?id=42`.
  ///
  /// Parameters appear in declaration order; optional ones left at their default are left
  /// out; keys and values are percent-encoded per RFC 3986, so any string round-trips.
  public func url(for link: Link) -> String {
    if let text = link.canonicalURL, startsWithScheme(text) { return text }
    var bytes = Array(scheme.utf8)
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
  ///     try RouteTable.builtIn.parse("DEBUG://Recipe/?id=42")  // recipe, id 42
  ///
  /// - Throws: ``LinkError`` naming the first problem found, left to right.
  public func parse(_ text: String) throws(LinkError) -> Link {
    if let link = parseUsualLink(text) { return link }
    return try parseAnyLink(text)
  }

  /// ``parse(_:)`` for any text: every error, every unusual spelling. The usual links take the
  /// one-pass reading first (`RouteTable+UsualLinks.swift`), which must agree with this one.
  package func parseAnyLink(_ text: String) throws(LinkError) -> Link {
    let bytes = Array(text.utf8)[...]
    guard let colon = Self.schemeSeparator(in: bytes) else {
      throw .notAURL(text, reason: "it has no '://'")
    }
    let schemeBytes = bytes[..<colon]
    guard !schemeBytes.isEmpty else { throw .notAURL(text, reason: "it has no scheme before '://'") }
    guard let first = schemeBytes.first, isLetter(first),
      schemeBytes.allSatisfy({ isLetter($0) || isDigit($0) || "+-.".utf8.contains($0) })
    else {
      throw .notAURL(text, reason: "'\(String(decoding: schemeBytes, as: UTF8.self))' is not a scheme")
    }
    if let bad = bytes.firstIndex(where: { $0 <= 0x20 || $0 == 0x7F }) {
      let what =
        bytes[bad] == 0x20
        ? "a space at offset \(bad) (percent-encode it as %20)" : "a control character at offset \(bad)"
      throw .notAURL(text, reason: "it contains \(what)")
    }
    guard sameIgnoringASCIICase(schemeBytes, scheme) else {
      throw .wrongScheme(found: lowercased(schemeBytes), expected: scheme)
    }

    var rest = bytes[(colon + 3)...]
    let hostEnd =
      rest.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
      ) ?? rest.endIndex
    let name = lowercased(rest[..<hostEnd])
    guard !name.isEmpty else { throw .missingRoute }
    guard let route = route(named: name) else {
      throw .unknownRoute(name, suggestion: suggestion(for: name))
    }
    rest = rest[hostEnd...]

    if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
      throw .unexpectedFragment(String(decoding: rest[(hash + 1)...], as: UTF8.self))
    }
    let queryStart = rest.firstIndex(of: UInt8(ascii: "?")) ?? rest.endIndex
    let path = rest[..<queryStart]
    guard path.isEmpty || path.elementsEqual("/".utf8) else {
      throw .unexpectedPath(String(decoding: path, as: UTF8.self))
    }

    var pairs: [(name: String, text: String?)] = []
    if queryStart < rest.endIndex {
      for piece in rest[(queryStart + 1)...].split(
        separator: UInt8(ascii: "&"), omittingEmptySubsequences: true)
      {
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
  private static func schemeSeparator(in bytes: ArraySlice<UInt8>) -> Int? {
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

  /// Whether `bytes` and `text`'s UTF-8 are the same once ASCII-lowercased (what comparing
  /// `lowercased(bytes)` with the lowercased text did, without making either).
  private func sameIgnoringASCIICase(_ bytes: ArraySlice<UInt8>, _ text: String) -> Bool {
    var text = text
    return text.withUTF8 { other in
      guard other.count == bytes.count else { return false }
      var offset = 0
      for byte in bytes {
        guard asciiLowercased(byte) == asciiLowercased(other[offset]) else { return false }
        offset += 1
      }
      return true
    }
  }

  private func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// ASCII-lowercases `bytes` (RFC 3986 case-insensitivity of scheme and host).
  ///
  /// Written into the string's storage directly: decoding a lazy map went through the slow
  /// non-contiguous path and was a third of the time of a parse.
  private func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
    String(unsafeUninitializedCapacity: bytes.count) { buffer in
      for (offset, byte) in bytes.enumerated() { buffer[offset] = asciiLowercased(byte) }
      return bytes.count
    }
  }

  private func asciiLowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }
}
