package import DeepLinkWire

/// Where a command's results (standard output) and messages (standard error) go: the
/// process's ``StandardStreams``, or a capture that a test reads back.
package protocol OutputSink: Sendable {
  /// Writes all of `bytes` to standard output.
  /// - Returns: the error that stopped the write (a full disk, a closed pipe), if any.
  func out(_ bytes: UnsafeRawBufferPointer) -> Errno?
  /// Writes all of `text` to standard error.
  func err(_ text: String)
  /// Whether standard output is a terminal, for colour.
  var stdoutIsTerminal: Bool { get }
  /// Whether standard error is a terminal, for progress lines; by default not (a capture).
  var stderrIsTerminal: Bool { get }
  /// Whether the file at `path` is standard output (`> deeplink.routes.json` made it before
  /// the command started); by default none is (a capture).
  func isStandardOutput(_ path: String) -> Bool
}

extension OutputSink {
  package var stderrIsTerminal: Bool { false }

  package func isStandardOutput(_ path: String) -> Bool { false }

  /// Writes all of `text` to standard output.
  @discardableResult
  package func out(_ text: String) -> Errno? {
    var text = text
    return text.withUTF8 { out(UnsafeRawBufferPointer($0)) }
  }
}
