package import DeepLinkWire

/// The process's standard streams, through plain system calls (``StreamWriter``): the CLI
/// stays off Foundation so that it starts as fast as a C program.
package struct StandardStreams: Sendable {
  /// `--quiet`: results are dropped, whatever the command; errors still reach stderr.
  package let discardsOutput: Bool

  package init(discardsOutput: Bool = false) {
    self.discardsOutput = discardsOutput
  }

  /// Writes all of `text` to standard output (`write(2)` on descriptor 1, retried on EINTR),
  /// unless output is discarded.
  /// - Returns: the error that stopped the write (a full disk, a closed pipe), if any.
  @discardableResult
  package func out(_ text: String) -> Errno? {
    var text = text
    return text.withUTF8 { out(UnsafeRawBufferPointer($0)) }
  }

  /// ``out(_:)-(String)`` for bytes already encoded (the lines `deeplink mcp` serializes).
  @discardableResult
  package func out(_ bytes: UnsafeRawBufferPointer) -> Errno? {
    discardsOutput ? nil : StreamWriter.write(bytes, to: 1)
  }

  /// Writes all of `text` to standard error.
  package func err(_ text: String) { StreamWriter.write(text, to: 2) }

  /// Whether standard output is a terminal (`isatty(1)`), for colour.
  package var stdoutIsTerminal: Bool { StreamWriter.isTerminal(1) }
}
