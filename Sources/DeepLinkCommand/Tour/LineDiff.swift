/// A line-by-line difference of two texts, and its unified form (`diff -u`).
///
///     LineDiff(old: "a\nb\nc\n", new: "a\nB\nc\n").unified(old: "recorded", new: "current")
///     // --- recorded
///     // +++ current
///     // @@ -1,3 +1,3 @@
///     //  a
///     // -b
///     // +B
///     //  c
///
/// The lines kept are a longest common subsequence, found by dynamic programming: screens
/// and states are tens of lines. Past ``maximumCells`` (two texts of thousands of lines) every
/// line is shown removed and added instead of searching.
struct LineDiff: Equatable {
  /// One line of the difference.
  enum Line: Equatable {
    case same(String)
    case removed(String)
    case added(String)
  }

  let lines: [Line]

  /// The largest table of the search: 2,000 lines against 2,000.
  static let maximumCells = 4_000_000

  init(old: String, new: String) {
    let a = Self.split(old)
    let b = Self.split(new)
    guard a.count * b.count <= Self.maximumCells else {
      lines = a.map(Line.removed) + b.map(Line.added)
      return
    }
    // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
    let width = b.count + 1
    var lengths = [Int32](repeating: 0, count: (a.count + 1) * width)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lengths[i * width + j] =
          a[i] == b[j]
          ? lengths[(i + 1) * width + j + 1] + 1
          : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
      }
    }
    var result: [Line] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        result.append(.same(a[i]))
        i += 1
        j += 1
      } else if i < a.count, j == b.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
        result.append(.removed(a[i]))
        i += 1
      } else {
        result.append(.added(b[j]))
        j += 1
      }
    }
    lines = result
  }

  /// The lines of `text`; a last line feed ends the last line and starts none.
  static func split(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Whether the texts are equal line for line.
  var isEmpty: Bool { lines.allSatisfy { if case .same = $0 { true } else { false } } }

  /// The unified diff, `context` lines around each change, headed `--- old` and `+++ new`;
  /// empty when the texts are equal.
  func unified(old: String, new: String, context: Int = 3) -> String {
    guard !isEmpty else { return "" }
    // Each line's number in the old and the new text (1-based, the next one to come).
    var oldNumbers: [Int] = []
    var newNumbers: [Int] = []
    var oldLine = 1
    var newLine = 1
    for line in lines {
      oldNumbers.append(oldLine)
      newNumbers.append(newLine)
      switch line {
      case .same:
        oldLine += 1
        newLine += 1
      case .removed: oldLine += 1
      case .added: newLine += 1
      }
    }
    let changed = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
    // Hunks: runs of changes closer than twice the context, widened by it.
    var hunks: [ClosedRange<Int>] = []
    for index in changed {
      let range = max(0, index - context)...min(lines.count - 1, index + context)
      if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
        hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        hunks.append(range)
      }
    }
    var text = "--- \(old)\n+++ \(new)\n"
    for hunk in hunks {
      let slice = lines[hunk]
      let oldCount = slice.filter { if case .added = $0 { false } else { true } }.count
      let newCount = slice.filter { if case .removed = $0 { false } else { true } }.count
      // An empty side is numbered by the line before it, as diff -u does.
      let oldStart = oldCount == 0 ? oldNumbers[hunk.lowerBound] - 1 : oldNumbers[hunk.lowerBound]
      let newStart = newCount == 0 ? newNumbers[hunk.lowerBound] - 1 : newNumbers[hunk.lowerBound]
      text += "@@ -\(Self.range(oldStart, oldCount)) +\(Self.range(newStart, newCount)) @@\n"
      for line in slice {
        switch line {
        case .same(let s): text += " " + s + "\n"
        case .removed(let s): text += "-" + s + "\n"
        case .added(let s): text += "+" + s + "\n"
        }
      }
    }
    return text
  }

  /// `start,count`, or `start` alone for one line, as in diff -u's hunk headers.
  private static func range(_ start: Int, _ count: Int) -> String {
    count == 1 ? "\(start)" : "\(start),\(count)"
  }
}
