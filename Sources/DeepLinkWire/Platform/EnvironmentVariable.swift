/// An environment variable a program reads, declared once with what it means: the code that
/// reads it, the list of variables to copy from the environment and the help text all use the
/// one declaration.
///
///     SocketPath.environmentVariables.map(\.name)  // ["DEEPLINK_SOCKET", "XDG_RUNTIME_DIR"]
package struct EnvironmentVariable: Hashable, Sendable {
  /// `DEEPLINK_SOCKET`.
  package let name: String
  /// One line for help text: what the variable changes.
  package let summary: String

  package init(_ name: String, summary: String) {
    self.name = name
    self.summary = summary
  }

  /// The values of `variables` in this process's environment (`getenv(3)`), unset ones left out.
  ///
  /// Only the variables asked for are copied: building a dictionary of the whole environment
  /// on every run (every TAB press, for the CLI) cost about a tenth of its start-up time.
  package static func values(of variables: [EnvironmentVariable]) -> [String: String] {
    var result: [String: String] = [:]
    for variable in variables {
      result[variable.name] = FileSystem.environmentValue(variable.name)
    }
    return result
  }
}
