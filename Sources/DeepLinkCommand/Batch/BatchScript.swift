import DeepLinkRoutes
import DeepLinkWire

/// One link of a batch file, checked: its line number, the link, the URL it sends, and the
/// name a `# name: …` comment right above it gives it (for `tour`; `batch` ignores it).
struct BatchStep {
  let line: Int
  let link: Link
  let url: String
  let name: String?
}

/// A batch file read and checked whole, before anything is sent: what `batch` and
/// `tour --scenario` both run.
enum BatchScript {
  /// The largest batch read: far beyond any scenario, and short of filling memory when the
  /// input is `/dev/zero` or an endless pipe.
  static let maximumBytes = 16 << 20

  /// The comment that names the link on the next line: `# name: empty-list`.
  static let namePrefix = "name:"

  /// Every link of the file at `path` (`input` for `nil` or `-`), in order, as `tool` reads
  /// it.
  ///
  /// - Throws: a ``BatchFailure`` with a usage error for a file that
  ///   cannot be read, a line that is not UTF-8, does not parse or is too long to send, and a
  ///   file with no link at all (an empty scenario is a mistake, never a green step).
  static func steps(
    of path: String?, input: any InputSource, table: RouteTable, tool: ToolIdentity
  ) throws(BatchFailure) -> [BatchStep] {
    let bytes: [UInt8]
    do {
      bytes =
        if let path, path != "-" {
          try FileReader.contents(of: path, limit: maximumBytes)
        } else {
          try input.contents(limit: maximumBytes)
        }
    } catch {
      throw BatchFailure(line: nil, usage: "cannot read \(error.path): \(error.reason)")
    }
    var steps: [BatchStep] = []
    var name: String?
    for (index, line) in BatchLine.lines(of: bytes).enumerated() {
      guard let line else {
        throw BatchFailure(line: index + 1, usage: "the line is not UTF-8 text")
      }
      let link: Link?
      do {
        link = try BatchLine.parse(line, table: table)
      } catch {
        throw BatchFailure(line: index + 1, usage: error.message)
      }
      guard let link else {
        name = Self.name(in: line) ?? (line.allSatisfy(\.isWhitespace) ? name : nil)
        continue
      }
      let url = table.url(for: link)
      do {
        try AppSession.checkFits(url: url)
      } catch {
        throw BatchFailure(line: index + 1, usage: error.message(for: tool))
      }
      steps.append(BatchStep(line: index + 1, link: link, url: url, name: name))
      name = nil
    }
    guard !steps.isEmpty else {
      throw BatchFailure(
        line: nil,
        usage:
          "\(path.flatMap { $0 == "-" ? nil : $0 } ?? "standard input") holds no link "
          + "(only blank lines and comments); give at least one")
    }
    return steps
  }

  /// The name a comment line gives the next link (`# name: empty-list` is `empty-list`), or
  /// `nil` for any other line.
  static func name(in line: String) -> String? {
    let text = line.drop(while: \.isWhitespace)
    guard text.first == "#" else { return nil }
    let comment = text.dropFirst().drop(while: \.isWhitespace)
    guard comment.hasPrefix(namePrefix) else { return nil }
    let name = comment.dropFirst(namePrefix.count).trimmingWhitespace
    return name.isEmpty ? nil : name
  }
}

extension Substring {
  /// The text without white space at either end.
  fileprivate var trimmingWhitespace: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
