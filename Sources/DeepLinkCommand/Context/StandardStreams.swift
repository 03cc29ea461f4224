package import DeepLinkWire

/// The process's standard streams, through plain system calls (``StreamWriter``,
/// ``StreamReader``): the CLI stays off Foundation so that it starts as fast as a C program.
/// The one place the command layer touches descriptors 0, 1 and 2; a test gives a command its
/// own streams instead.
package struct StandardStreams: OutputSink, InputSource {
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

  /// Whether standard error is a terminal (`isatty(2)`), for progress lines.
  package var stderrIsTerminal: Bool { StreamWriter.isTerminal(2) }

  /// Whether `path` is the file standard output writes to (`fstat(2)` of descriptor 1 and
  /// `stat(2)` of the path name the same file).
  package func isStandardOutput(_ path: String) -> Bool { FileSystem.isStandardOutput(path) }

  /// Reads standard input (`read(2)` on descriptor 0, retried on EINTR).
  package func read(into buffer: inout [UInt8]) throws(Errno) -> Int {
    try StreamReader.read(from: 0, into: &buffer)
  }

  /// Whether standard input is a terminal (`isatty(0)`).
  package var isTerminal: Bool { StreamWriter.isTerminal(0) }
}
