import DeepLinkRoutes
import DeepLinkWire

/// Reads a sound routes file straight from its bytes, building no JSON tree: the fast path
/// of ``RoutesFile/table(from:file:)`` (a 10,000-route file's tree cost more than the rest of
/// `deeplink`'s start-up together; BENCHMARKS.md).
///
/// It has no errors of its own: at anything it does not accept (invalid JSON, an unknown or
/// repeated key, a key written with an escape, any problem the format forbids) it gives up
/// with `nil`, and the caller decodes the file again with ``RoutesFileDecoder``, whose
/// messages are the format's errors. Its checks are the decoder's own functions, so it only
/// ever accepts a file the decoder accepts, with the same table (`RoutesFileReaderTests`
/// holds both to that on every file of the tests).
package enum RoutesFileReader {
  /// Why the reader stopped; the decoder says what is wrong.
  struct GiveUp: Error {}

  /// What `bytes` declare, or `nil` when the file needs the decoder's look.
  package static func contents(from bytes: [UInt8]) -> RoutesFileContents? {
    var reader = JSONReader(bytes: bytes)
    return try? document(&reader)
  }

  // The keys of each object, as bytes: a key is matched without making a string of it.
  private static let documentKeys = RoutesFile.documentKeys.map { Array($0.utf8) }
  private static let routeKeys = RoutesFile.routeKeys.map { Array($0.utf8) }
  private static let androidKeys = RoutesFile.androidKeys.map { Array($0.utf8) }
  private static let parameterKeys = RoutesFile.parameterKeys.map { Array($0.utf8) }

  static func document(_ reader: inout JSONReader) throws -> RoutesFileContents {
    reader.skipWhitespace()
    var scheme = "debug"
    var androidPackage: String?
    var routes: [Route]?
    try members(&reader, keys: documentKeys) { reader, key throws in
      switch key {
      case 0:  // scheme
        scheme = try reader.requiredString()
        guard RoutesFileDecoder.isScheme(scheme) else { throw GiveUp() }
      case 1, 4:  // version, $schema: read by editors, recomputed, never trusted
        let value = try reader.value(depth: 1)
        guard value == .null || value.stringValue != nil else { throw GiveUp() }
      case 2:
        routes = try self.routes(&reader)
      default:  // android
        try members(&reader, keys: androidKeys) { reader, _ throws in
          let package = try reader.requiredString()
          guard AndroidCommands.isPackageName(package) else { throw GiveUp() }
          androidPackage = package
        }
      }
    }
    reader.skipWhitespace()
    guard reader.index == reader.bytes.count, let routes else { throw GiveUp() }
    let table = RouteTable(scheme: scheme, routes: routes)
    guard routes.count <= RoutesFile.hashedRouteCount || table.namesAreUnique else { throw GiveUp() }
    return RoutesFileContents(table: table, androidPackage: androidPackage)
  }

  static func routes(_ reader: inout JSONReader) throws -> [Route] {
    var routes: [Route] = []
    try elements(&reader) { reader throws in
      let route = try self.route(&reader, hashed: routes.count >= RoutesFile.hashedRouteCount)
      // Names compared one by one in a small table (no `Set` or `Dictionary` at start-up, as
      // in `RouteTable`); a large one is checked by the table's own index, at the end.
      if routes.count < RoutesFile.hashedRouteCount {
        guard !routes.contains(where: { $0.name == route.name }) else { throw GiveUp() }
      }
      routes.append(route)
    }
    guard !routes.isEmpty else { throw GiveUp() }
    return routes
  }

  /// ``DeepLinkTool/reservedRouteNames`` hashed, for the routes after the first few.
  private static let reservedRouteNames = Set(DeepLinkTool.reservedRouteNames)

  /// The route at the reader; `hashed`: its name is checked against a `Set` of the reserved ones.
  static func route(_ reader: inout JSONReader, hashed: Bool) throws -> Route {
    var name: String?
    var summary = ""
    var help = ""
    var parameters: [Parameter] = []
    try members(&reader, keys: routeKeys) { reader, key throws in
      switch key {
      case 0:
        let text = try reader.printableASCIIString() ?? reader.requiredString()
        let reserved =
          hashed ? reservedRouteNames.contains(text) : DeepLinkTool.reservedRouteNames.contains(text)
        guard RouteTable.isValidName(text, allowUppercase: false), !reserved else { throw GiveUp() }
        name = text
      case 1: summary = try text(&reader, newlines: false)
      case 2: help = try text(&reader, newlines: true)
      default:
        try elements(&reader) { reader throws in
          let parameter = try self.parameter(&reader)
          guard !parameters.contains(where: { $0.name == parameter.name }) else { throw GiveUp() }
          parameters.append(parameter)
        }
      }
    }
    guard let name else { throw GiveUp() }
    return Route(name, summary: summary, help: help, parameters: parameters)
  }

  /// The parameter at the reader: its members read as small values, checked by the decoder.
  static func parameter(_ reader: inout JSONReader) throws -> Parameter {
    var found = RoutesFileDecoder.ParameterMembers()
    try members(&reader, keys: parameterKeys) { reader, key throws in
      // A plain string needs no tree; anything else is a small one (`null`: left out).
      let value: JSON = try reader.printableASCIIString().map(JSON.string) ?? reader.value(depth: 5)
      let present: JSON? = value == .null ? nil : value
      switch key {
      case 0: found.name = present
      case 1: found.type = present
      case 2: found.required = present
      case 3: found.default = present
      case 4: found.choices = present
      case 5: found.range = present
      default: found.help = present
      }
    }
    return try RoutesFileDecoder.parameter(found, at: RoutesFileLocation())
  }

  /// A summary or help text: a plain one as read, any other checked by the decoder.
  static func text(_ reader: inout JSONReader, newlines: Bool) throws -> String {
    if let plain = reader.printableASCIIString() { return plain }
    return try RoutesFileDecoder.text(
      .string(reader.requiredString()), at: RoutesFileLocation(), newlines: newlines)
  }

  // MARK: - JSON structure

  /// Reads the object at the reader, calling `member` with the index in `keys` of each key,
  /// the reader at its value's first byte; gives up at a key not in `keys` or seen twice.
  static func members(
    _ reader: inout JSONReader, keys: [[UInt8]], _ member: (inout JSONReader, Int) throws -> Void
  ) throws {
    try reader.expect(UInt8(ascii: "{"))
    var seen = 0
    reader.skipWhitespace()
    if try reader.peek() == UInt8(ascii: "}") {
      reader.index += 1
      return
    }
    while true {
      reader.skipWhitespace()
      let key = try self.key(&reader, keys: keys)
      guard seen & (1 << key) == 0 else { throw GiveUp() }
      seen |= 1 << key
      reader.skipWhitespace()
      try reader.expect(UInt8(ascii: ":"))
      reader.skipWhitespace()
      try member(&reader, key)
      reader.skipWhitespace()
      let byte = try reader.peek()
      reader.index += 1
      if byte == UInt8(ascii: "}") { return }
      guard byte == UInt8(ascii: ",") else { throw GiveUp() }
    }
  }

  /// Reads the array at the reader, calling `element` with the reader at each element.
  static func elements(_ reader: inout JSONReader, _ element: (inout JSONReader) throws -> Void) throws {
    try reader.expect(UInt8(ascii: "["))
    reader.skipWhitespace()
    if try reader.peek() == UInt8(ascii: "]") {
      reader.index += 1
      return
    }
    while true {
      reader.skipWhitespace()
      try element(&reader)
      reader.skipWhitespace()
      let byte = try reader.peek()
      reader.index += 1
      if byte == UInt8(ascii: "]") { return }
      guard byte == UInt8(ascii: ",") else { throw GiveUp() }
    }
  }

  /// The index in `keys` of the key at the reader, read as plain bytes: a key written with an
  /// escape or a byte outside printable ASCII is left to the decoder.
  static func key(_ reader: inout JSONReader, keys: [[UInt8]]) throws -> Int {
    let start = reader.index + 1
    let found = reader.bytes.withUnsafeBufferPointer { bytes -> (key: Int, end: Int)? in
      guard start <= bytes.count, bytes[start - 1] == UInt8(ascii: "\"") else { return nil }
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
        guard bytes[end] >= 0x20, bytes[end] < 0x7F, bytes[end] != UInt8(ascii: "\\") else { return nil }
        end += 1
      }
      guard end < bytes.count else { return nil }
      let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
      for (index, key) in keys.enumerated() where key.count == text.count {
        if key.withUnsafeBufferPointer({ $0.elementsEqual(text) }) { return (index, end) }
      }
      return nil
    }
    guard let found else { throw GiveUp() }
    reader.index = found.end + 1
    return found.key
  }
}

extension JSONReader {
  /// The string at ``index``: gives up at any other value.
  fileprivate mutating func requiredString() throws -> String {
    guard try peek() == UInt8(ascii: "\"") else { throw RoutesFileReader.GiveUp() }
    return try string()
  }
}
