import DeepLinkWire

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard streams and environment, through plain system calls: the CLI
/// stays off Foundation so that it starts as fast as a C program.
package struct StandardStreams: Sendable {
  package init() {}

  /// Writes all of `text` to standard output (`write(2)` on descriptor 1, retried on EINTR).
  package func out(_ text: String) { StreamWriter.write(text, to: 1) }

  /// Writes all of `text` to standard error.
  package func err(_ text: String) { StreamWriter.write(text, to: 2) }

  /// Whether standard output is a terminal (`isatty(1)`), for colour.
  package var stdoutIsTerminal: Bool { isatty(1) == 1 }

  /// The values of `names` in this process's environment (`getenv`), unset ones left out.
  ///
  /// Only the few variables the CLI reads are copied: building a dictionary of the whole
  /// environment on every run (every TAB press) cost about a tenth of the start-up time.
  package static func environment(_ names: [String]) -> [String: String] {
    var result: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { result[name] = String(cString: value) }
    }
    return result
  }
}
