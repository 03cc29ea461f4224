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
}
