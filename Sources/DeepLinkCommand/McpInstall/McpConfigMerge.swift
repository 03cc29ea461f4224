import DeepLinkWire

/// The new contents of a client's configuration file with the `deeplink` server in it, the
/// rest kept: in JSON every other member, in their order; in TOML every other line, byte for
/// byte. Pure: bytes in, an ``Outcome`` out.
enum McpConfigMerge {
  /// What merging gives.
  enum Outcome: Hashable, Sendable {
    /// The entry is there as it would be written: nothing to write.
    case unchanged
    /// The file's new contents.
    case updated([UInt8])
    /// Another entry of the same name, kept without `force`: the one in the file and the
    /// one that would be written, as text.
    case conflict(existing: String, wanted: String)
  }

  /// Merges `entry`, named `name`, into the JSON file at `path` whose bytes are `existing`
  /// (`nil` or only blanks: no file yet).
  ///
  /// - Throws: ``McpInstallFailure/unparsable(path:line:column:reason:)`` for bytes that are
  ///   not JSON, or JSON whose shape holds no servers.
  static func json(
    _ existing: [UInt8]?, path: String, client: McpClient, name: String, entry: McpServerEntry, force: Bool
  ) throws(McpInstallFailure) -> Outcome {
    let key = client.serversKey ?? "mcpServers"
    let wanted = entry.json(for: client)
    var root: [JSON.Member] = []
    if let existing, existing.contains(where: { !Self.isBlank($0) }) {
      let document: JSON
      do throws(LocatedJSONError) {
        document = try JSON.parseLocated(existing)
      } catch {
        let (line, column) = error.lineAndColumn(in: existing)
        throw .unparsable(path: path, line: line, column: column, reason: error.error.message)
      }
      guard let members = document.objectValue else {
        throw .unparsable(
          path: path, line: nil, column: nil, reason: "it holds \(document.kindName), not an object")
      }
      root = members
    }
    var servers: [JSON.Member] = []
    let serversIndex = root.firstIndex { $0.key == key }
    if let serversIndex {
      guard let members = root[serversIndex].value.objectValue else {
        throw .unparsable(
          path: path, line: nil, column: nil,
          reason: "its \"\(key)\" is \(root[serversIndex].value.kindName), not an object")
      }
      servers = members
    }
    if let index = servers.firstIndex(where: { $0.key == name }) {
      guard servers[index].value != wanted else { return .unchanged }
      guard force else {
        return .conflict(
          existing: JSON.object([(name, servers[index].value)]).pretty,
          wanted: JSON.object([(name, wanted)]).pretty)
      }
      servers[index].value = wanted
    } else {
      servers.append(JSON.Member(name, wanted))
    }
    if let serversIndex {
      root[serversIndex].value = .object(servers)
    } else {
      root.append(JSON.Member(key, .object(servers)))
    }
    return .updated(Array((JSON.object(root).pretty + "\n").utf8))
  }

  /// Merges `entry` as the table `[mcp_servers.<name>]` into the TOML file at `path` whose
  /// bytes are `existing` (`nil`: no file yet): the table (and its subtables) replaced where
  /// it stands, or appended after a blank line; every other line kept byte for byte.
  ///
  /// - Throws: ``McpInstallFailure/unparsable(path:line:column:reason:)`` for bytes that
  ///   ``TOMLDocument`` cannot read, or an entry written in a form other than its own table.
  static func toml(
    _ existing: [UInt8]?, path: String, name: String, entry: McpServerEntry, force: Bool
  ) throws(McpInstallFailure) -> Outcome {
    let wanted = entry.toml(named: name)
    guard let existing, !existing.isEmpty else { return .updated(Array(wanted.utf8)) }
    let document: TOMLDocument
    do throws(TOMLError) {
      document = try TOMLDocument(parsing: existing)
    } catch {
      throw .unparsable(path: path, line: error.line, column: error.column, reason: error.reason)
    }
    let tablePath = ["mcp_servers", name]
    if document.definesOutsideTable(tablePath) {
      throw .unparsable(
        path: path, line: nil, column: nil,
        reason: "its \(name) server is written as dotted keys or an inline table, which this command "
          + "does not rewrite; write it as a [mcp_servers.\(tomlKey(name))] table")
    }
    guard let index = document.table(tablePath) else {
      var bytes = existing
      if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
      if bytes.count < 2 || bytes[bytes.count - 2] != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
      return .updated(bytes + Array(wanted.utf8))
    }
    // The entry: its table and every subtable, wherever they are; each to the line before
    // the next header, less the blank and comment lines that end it (they go with the next).
    var ranges: [Range<Int>] = []
    var isOnlyTheTable = true
    for table in document.tables where table.path.starts(with: tablePath) {
      var end = table.endLine
      while end > table.headerLine + 1, isBlankOrComment(document.lines[end - 1]) { end -= 1 }
      ranges.append(table.headerLine..<end)
      if table.path != tablePath { isOnlyTheTable = false }
    }
    let current = ranges.flatMap { range in range.map { document.lines[$0] } }.reduce(into: [UInt8]()) {
      $0 += $1
    }
    if isOnlyTheTable, entry.matches(document.tables[index].entries) { return .unchanged }
    guard force else {
      return .conflict(existing: String(decoding: current, as: UTF8.self), wanted: wanted)
    }
    var bytes: [UInt8] = []
    for (number, line) in document.lines.enumerated() {
      if let range = ranges.first(where: { $0.contains(number) }) {
        if number == range.lowerBound, range == ranges.first {
          bytes += Array(wanted.utf8)
          // A blank line before the next header, as an appended table has.
          if range.upperBound < document.lines.count, !isBlankOrComment(document.lines[range.upperBound]) {
            bytes.append(UInt8(ascii: "\n"))
          }
        }
        continue
      }
      bytes += line
    }
    return .updated(bytes)
  }

  /// `name` as a TOML key: bare when it can be, else quoted.
  static func tomlKey(_ name: String) -> String {
    !name.isEmpty && name.utf8.allSatisfy(TOMLReader.isBareKeyByte) ? name : McpServerEntry.tomlString(name)
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r")
  }

  private static func isBlankOrComment(_ line: ArraySlice<UInt8>) -> Bool {
    let content = line.drop(while: isBlank)
    return content.isEmpty || content.first == UInt8(ascii: "#")
  }
}
