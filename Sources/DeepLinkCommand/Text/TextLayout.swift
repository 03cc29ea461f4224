/// Word wrapping and two-column lists for help text, in columns of characters.
enum TextLayout {
  /// Help text is wrapped to this width.
  static let width = 80

  /// Wraps `text` at spaces so that each line, indent included, fits `width` when it can
  /// (a single longer word stays whole). Newlines in `text` start new lines.
  static func wrap(_ text: String, indent: Int = 0, width: Int = width) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
      wrap(words: paragraph.split(separator: " ").map(String.init), indent: indent, width: width)
    }
  }

  /// Wraps `words`, each kept whole (it may hold spaces), into lines of at most `width`
  /// columns when it can; lines after the first get `hangingIndent` more spaces.
  static func wrap(words: [String], indent: Int = 0, hangingIndent: Int = 0, width: Int = width) -> [String] {
    let margin = String(repeating: " ", count: indent)
    let hanging = margin + String(repeating: " ", count: hangingIndent)
    var lines: [String] = []
    var line = ""
    for word in words {
      if line.isEmpty {
        line = margin + word
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = hanging + word
      }
    }
    lines.append(line)
    return lines
  }

  /// Rows of `left` and `right`: the right column starts at `indent + leftWidth + 2` (by
  /// default the longest left entry, up to 30), and a
  /// left entry longer than `leftWidth` puts its right text on the next line.
  static func columns(
    _ rows: [(left: String, right: String)], indent: Int = 2, leftWidth: Int? = nil, width: Int = width
  ) -> [String] {
    let leftWidth = leftWidth ?? min(30, rows.map(\.left.count).max() ?? 0)
    let rightIndent = indent + leftWidth + 2
    var lines: [String] = []
    for (left, right) in rows {
      let lead = String(repeating: " ", count: indent) + left
      var wrapped = wrap(right, indent: rightIndent, width: width)
      if right.isEmpty {
        lines.append(lead)
      } else if left.count <= leftWidth {
        let first = wrapped.removeFirst().dropFirst(rightIndent)
        lines.append(lead + String(repeating: " ", count: rightIndent - lead.count) + first)
        lines += wrapped
      } else {
        lines.append(lead)
        lines += wrapped
      }
    }
    return lines
  }

  /// `lines` joined, with a final newline.
  static func joined(_ lines: [String]) -> String {
    lines.joined(separator: "\n") + "\n"
  }
}
