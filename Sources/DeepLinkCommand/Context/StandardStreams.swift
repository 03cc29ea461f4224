package import DeepLinkWire

/// The process's standard streams, through plain system calls (``StreamWriter``): the CLI
/// stays off Foundation so that it starts as fast as a C program.
package struct StandardStreams: OutputSink {
  package init() {}

  /// Writes all of `bytes` to standard output (`write(2)` on descriptor 1, retried on EINTR).
  /// - Returns: the error that stopped the write (a full disk, a closed pipe), if any.
  package func out(_ bytes: UnsafeRawBufferPointer) -> Errno? {
    StreamWriter.write(bytes, to: 1)
  }

  /// Writes all of `text` to standard error.
  package func err(_ text: String) { StreamWriter.write(text, to: 2) }

  /// Whether standard output is a terminal (`isatty(1)`), for colour.
  package var stdoutIsTerminal: Bool { StreamWriter.isTerminal(1) }
}
