import DeepLinkWire

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file writes and short pauses, for the device commands (`screen --png`, `wait`).
enum BinaryFile {
  /// Writes `bytes` to `path`, created with mode 0644 (less the umask) or truncated:
  /// `open(2)` and `write(2)`, retried on EINTR.
  ///
  /// - Throws: the `errno` of the call that failed.
  static func write(_ bytes: [UInt8], to path: String) throws(Errno) {
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    } while descriptor == -1 && errno == EINTR
    guard descriptor != -1 else { throw Errno(rawValue: errno) }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
      }
      if count == -1 {
        if errno == EINTR { continue }
        throw Errno(rawValue: errno)
      }
      written += count
    }
  }

  /// Sleeps for `milliseconds` (`nanosleep(2)`; an interruption ends it early).
  static func pause(milliseconds: Int) {
    var time = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    nanosleep(&time, nil)
  }
}

/// `write(2)`, named apart from ``BinaryFile/write(_:to:)``.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
