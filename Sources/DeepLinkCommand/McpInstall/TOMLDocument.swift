/// The tables of a TOML file, read strictly: enough of TOML to find a table, read its keys and
/// replace it while keeping every other line byte for byte (`deeplink mcp install codex`).
///
/// It reads comments, table headers (`[a.b]`, `[[a.b]]`, keys bare or quoted), and
/// `key = value` lines whose keys are bare, quoted or dotted and whose values are strings
/// (basic and literal, on one line), integers, floats, booleans, arrays (over several lines,
/// trailing comma allowed) and inline tables. Anything else (multi-line strings, dates) is a
/// ``TOMLError`` with its line and column: a file it cannot read is never rewritten.
///
///     let document = try TOMLDocument(parsing: Array("[a]\nx = 1\n".utf8))
///     document.tables.map(\.path)   // [["a"]]
struct TOMLDocument: Sendable {
  /// A TOML value, as far as a comparison needs it.
  indirect enum Value: Hashable, Sendable {
    case string(String)
    /// An integer, a float or a boolean, as written.
    case scalar(String)
    case array([Value])
    case inlineTable([String: Value])
  }

  /// A `[header]` or `[[header]]` and the lines up to the next header.
  struct Table: Sendable {
    /// The header's keys: `["mcp_servers", "deeplink"]`.
    let path: [String]
    /// Whether it is `[[path]]`, an element of an array of tables.
    let isArrayElement: Bool
    /// The 0-based index of its header line in ``TOMLDocument/lines``.
    let headerLine: Int
    /// The index of the line after its last (the next header's, or the line count).
    var endLine: Int
    /// Its keys, dotted ones joined with `.`, and their values, in the order written.
    var entries: [(key: [String], value: Value)] = []
  }

  /// The file's lines, each with its line break.
  let lines: [ArraySlice<UInt8>]
  /// Keys before the first header: their full paths.
  private(set) var rootKeys: [[String]] = []
  /// Every table in file order.
  private(set) var tables: [Table] = []

  /// Reads `bytes`.
  ///
  /// - Throws: ``TOMLError`` at the first thing it cannot read.
  init(parsing bytes: [UInt8]) throws(TOMLError) {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      lines.append(bytes[start...index])
      start = index + 1
    }
    if start < bytes.count { lines.append(bytes[start...]) }
    self.lines = lines
    guard String(validUTF8: bytes) != nil else {
      throw TOMLError(line: 1, column: 1, reason: "the file is not UTF-8")
    }
    var reader = TOMLReader(bytes: bytes)
    while true {
      reader.skipBlankLinesAndComments()
      guard let byte = reader.peek() else { break }
      if byte == UInt8(ascii: "[") {
        let line = reader.line
        let (path, isArray) = try reader.header()
        if let last = tables.indices.last { tables[last].endLine = line - 1 }
        tables.append(Table(path: path, isArrayElement: isArray, headerLine: line - 1, endLine: lines.count))
      } else {
        let (key, value) = try reader.keyValue()
        if tables.isEmpty {
          rootKeys.append(key)
        } else {
          tables[tables.count - 1].entries.append((key, value))
        }
      }
      try reader.endOfLine()
    }
  }

  /// The index of the table whose header is exactly `path`, if any.
  func table(_ path: [String]) -> Int? {
    tables.firstIndex { $0.path == path && !$0.isArrayElement }
  }

  /// Whether `path` is given a value anywhere else than in its own `[path]` table or its
  /// subtables: as a dotted key (`mcp_servers.deeplink.command = …`), an inline table
  /// (`deeplink = { … }` under `[mcp_servers]`) or an array of tables.
  func definesOutsideTable(_ path: [String]) -> Bool {
    if rootKeys.contains(where: { $0.starts(with: path) || path.starts(with: $0) }) { return true }
    for table in tables {
      if table.isArrayElement, table.path.starts(with: path) || path.starts(with: table.path) { return true }
      guard !table.isArrayElement, !table.path.starts(with: path) else { continue }
      for entry in table.entries {
        let full = table.path + entry.key
        if full.starts(with: path) || (path.starts(with: full) && full.count > table.path.count) {
          return true
        }
      }
    }
    return false
  }
}
