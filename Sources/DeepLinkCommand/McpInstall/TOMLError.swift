/// Why ``TOMLDocument`` could not read a file, and where: the 1-based line and column of the
/// first byte it could not take.
///
///     TOMLError(line: 3, column: 9, reason: "expected a value").message
///     // line 3, column 9: expected a value
struct TOMLError: Error, Hashable, Sendable {
  let line: Int
  let column: Int
  /// What was wrong, lower case, without the position.
  let reason: String

  /// `line L, column C: reason`.
  var message: String { "line \(line), column \(column): \(reason)" }
}
