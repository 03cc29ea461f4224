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
  package func out(_ text: String) { Self.writeAll(1, text) }

  /// Writes all of `text` to standard error.
  package func err(_ text: String) { Self.writeAll(2, text) }

  /// Whether standard output is a terminal (`isatty(1)`), for colour.
  package var stdoutIsTerminal: Bool { isatty(1) == 1 }

  static func writeAll(_ fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }

  /// The environment of this process (`environ`).
  package static func environment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let pair = String(cString: entry)
      if let equals = pair.firstIndex(of: "=") {
        result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }
}
