#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes whole buffers to a blocking descriptor such as standard output or standard error:
/// the CLI's results and errors, the app's log. No Foundation, so no start-up cost.
package enum StreamWriter {
  /// Writes all of `text` to `fd`.
  /// - Returns: the error that stopped the write (a full disk, a closed pipe), if any.
  @discardableResult
  package static func write(_ text: String, to fd: Int32) -> Errno? {
    var text = text
    return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: fd) }
  }

  /// Whether `fd` is a terminal (`isatty(3)`), for colour.
  package static func isTerminal(_ fd: Int32) -> Bool {
    isatty(fd) == 1
  }

  /// `write(2)` of all of `bytes`, retried on `EINTR`; another error stops the write and is
  /// returned, for callers that can still report it (the CLI's results; not its errors).
  @discardableResult
  package static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Errno? {
    var offset = 0
    while offset < bytes.count {
      let count = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if count < 0 {
        if errno == EINTR { continue }
        return Errno(rawValue: errno)
      }
      offset += count
    }
    return nil
  }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  private let systemWrite = Darwin.write
#endif
