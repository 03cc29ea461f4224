#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes whole buffers to a blocking descriptor such as standard output or standard error:
/// the CLI's results and errors, the app's log. No Foundation, so no start-up cost.
public enum StreamWriter {
  /// Writes all of `text` to `fd`.
  public static func write(_ text: String, to fd: Int32) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0), to: fd) }
  }

  /// Whether `fd` is a terminal (`isatty(3)`), for colour.
  package static func isTerminal(_ fd: Int32) -> Bool {
    isatty(fd) == 1
  }

  /// `write(2)` of all of `bytes`, retried on `EINTR`; other errors (a closed pipe) drop the
  /// rest, since there is nowhere left to report them.
  public static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) {
    var offset = 0
    while offset < bytes.count {
      let count = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if count < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += count
    }
  }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  private let systemWrite = Darwin.write
#endif
