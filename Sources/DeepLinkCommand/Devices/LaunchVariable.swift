/// One `--env NAME=VALUE` of `deeplink launch`: a variable of the app's environment, which
/// `simctl launch` passes on from its own environment as `SIMCTL_CHILD_NAME`.
///
///     try LaunchVariable.parse("API_URL=http://localhost:8080").childAssignment
///     // "SIMCTL_CHILD_API_URL=http://localhost:8080"
///     try LaunchVariable.parse("1X=y")  // LaunchInputError: not a portable name
///
/// `xcrun simctl help launch`: "If you want to set environment variables in the resulting
/// environment, set them in the calling environment with a SIMCTL_CHILD_ prefix." (simctl
/// strips the prefix: `SIMCTL_CHILD_API_URL=x` reaches the app as `API_URL=x`.)
package struct LaunchVariable: Hashable, Sendable {
  /// The name: a letter or `_`, then letters, digits or `_` (POSIX's portable names, which
  /// every shell and `env` accept).
  package let name: String
  /// The value, possibly empty; never a NUL (an environment string ends at one).
  package let value: String

  /// The prefix `simctl launch` strips from its own environment's variables to give them to the app.
  package static let childPrefix = "SIMCTL_CHILD_"

  /// `SIMCTL_CHILD_NAME=VALUE`: the variable as the `xcrun` process gets it.
  package var childAssignment: String { Self.childPrefix + name + "=" + value }

  /// Checks `name` and `value`.
  ///
  /// - Throws: ``LaunchInputError`` when `name` is not a portable name or `value` has a NUL.
  package init(name: String, value: String) throws(LaunchInputError) {
    guard Self.isPortableName(name) else { throw .badName(assignment: name + "=" + value, name: name) }
    guard !value.utf8.contains(0) else { throw .nulInValue(name: name) }
    self.name = name
    self.value = value
  }

  /// The variable `assignment` (`NAME=VALUE`, as `--env` takes it) sets. The first `=` ends
  /// the name; the value may hold more.
  ///
  /// - Throws: ``LaunchInputError``: no `=`, a name that is not portable, a NUL in the value.
  package static func parse(_ assignment: String) throws(LaunchInputError) -> LaunchVariable {
    guard let equals = assignment.firstIndex(of: "=") else { throw .notAnAssignment(assignment) }
    return try LaunchVariable(
      name: String(assignment[..<equals]), value: String(assignment[assignment.index(after: equals)...]))
  }

  /// `[A-Za-z_][A-Za-z0-9_]*`.
  package static func isPortableName(_ name: String) -> Bool {
    guard let first = name.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
    return name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || (0x30...0x39).contains($0) }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// Checks one `--arg VALUE`: any text but a NUL (an argument ends at one).
  ///
  /// - Throws: ``LaunchInputError/nulInArgument(index:)``, `index` counting from 1.
  package static func checkArgument(_ argument: String, index: Int) throws(LaunchInputError) {
    guard !argument.utf8.contains(0) else { throw .nulInArgument(index: index) }
  }
}

/// Why an `--env` or `--arg` of `deeplink launch` cannot be passed to the app: a usage error
/// (exit 64), found before any tool runs.
package enum LaunchInputError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `--env` without `=`.
  case notAnAssignment(String)
  /// `--env` whose name is not a portable name.
  case badName(assignment: String, name: String)
  /// `--env` whose value holds a NUL.
  case nulInValue(name: String)
  /// The `index`th `--arg` holds a NUL.
  case nulInArgument(index: Int)

  /// One line, quoting the input.
  package var message: String {
    switch self {
    case .notAnAssignment(let text):
      "--env expects NAME=VALUE, got '\(text.messageExcerpt)'"
    case .badName(let assignment, let name):
      "--env '\(assignment.messageExcerpt)': '\(name.messageExcerpt)' is not a variable name: "
        + (name.isEmpty ? "the name is empty" : "a letter or '_', then letters, digits or '_'")
    case .nulInValue(let name): "--env \(name): the value holds a NUL byte, which no environment can carry"
    case .nulInArgument(let index): "--arg #\(index) holds a NUL byte, which no argument can carry"
    }
  }

  /// The second line: how to write it.
  package var hint: String {
    "Write --env NAME=VALUE (such as --env API_URL=http://localhost:8080) and --arg VALUE, each as often "
      + "as needed; run 'deeplink help launch'."
  }

  /// Always 64: the command line is wrong and nothing ran.
  package var exitCode: ExitCode { .usage }

  package var description: String { message + "\n" + hint }
}
