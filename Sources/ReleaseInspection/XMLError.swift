/// Where an XML document is not what a reader accepts: its 1-based line and the problem.
package struct XMLError: Error, Hashable, Sendable {
  package let line: Int
  package let problem: String

  package init(line: Int, _ problem: String) {
    self.line = line
    self.problem = problem
  }

  /// `line 12: <string> is not closed`.
  package var message: String { "line \(line): \(problem)" }
}
