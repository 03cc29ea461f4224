package import DeepLinkRoutes

/// One line of `deeplink batch`: a link in command-line form or as a URL, or nothing.
///
///     try BatchLine.parse("recipe --id 42", table: .recipeSample)  // recipe, id 42
///     try BatchLine.parse("login-error --message 'Bad password'", table: .recipeSample)
///     try BatchLine.parse("debug://recipe?id=42", table: .recipeSample)  // recipe, id 42
///     try BatchLine.parse("  # a comment", table: .recipeSample)  // nil
package enum BatchLine {
  /// The link on `line`, or `nil` for a blank line or a comment.
  ///
  /// The line is split into words with shell-like quoting (see ``ShellWords``). A first word
  /// holding `://` is a URL, checked by `table.parse`, and must be the only word; otherwise
  /// the first word is a route and the others its options, parsed exactly as on the command
  /// line, except that global options, `--help` and `--version` are not allowed.
  ///
  /// - Parameter line: one line, without its line feed (see ``lines(of:)``).
  /// - Throws: ``UsageError``; the caller adds the line number.
  package static func parse(_ line: String, table: RouteTable) throws(UsageError) -> Link? {
    let words = try ShellWords.split(line)
    guard let first = words.first else { return nil }
    if first.utf8.firstRange(of: "://".utf8) != nil {
      if words.count > 1 {
        throw .unexpectedArgument(
          words[1], in: .command(BatchCommand.name), expected: "a URL line holds the URL alone")
      }
      do {
        return try table.parse(first)
      } catch {
        throw .invalidLink(error)
      }
    }
    guard let route = table.route(named: first) else {
      if first == programName {
        throw .programNameInBatchLine(link: words.dropFirst().map(ShellQuoting.quote).joined(separator: " "))
      }
      throw .unknownRoute(first, suggestion: table.suggestion(for: first))
    }
    var parser = InvocationParser(tokens: ArgumentTokenizer.tokenize(words.dropFirst()), table: table)
    return try parser.parseRoute(route, allowsGlobalOptions: false)
  }

  /// The first word of a line copied from a terminal, which a batch line leaves out.
  static let programName = "deeplink"

  /// The lines of a batch file: its bytes split at each line feed (0x0A), one carriage return
  /// (0x0D) dropped from the end of each (CRLF files read as LF files), each decoded as UTF-8.
  ///
  ///     BatchLine.lines(of: Array("settings\r\nrecipe --id 42\r\n".utf8))
  ///     // ["settings", "recipe --id 42", ""]
  ///
  /// Split as bytes because Swift reads `"\r\n"` as one `Character`, which a split at `"\n"`
  /// never finds. A line that is not valid UTF-8 is `nil`, so it can be reported by number.
  package static func lines(of bytes: [UInt8]) -> [String?] {
    // A UTF-8 byte order mark (editors on Windows write one) is not part of the first line.
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    return text.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      String(validUTF8: line.last == 0x0D ? line.dropLast() : line)
    }
  }
}
