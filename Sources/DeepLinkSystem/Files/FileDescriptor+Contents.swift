#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileDescriptor {
  /// Opens `path` for writing with `open(2)`, created with `mode` (less the umask) or
  /// truncated, close-on-exec.
  package static func openForWriting(_ path: String, mode: UInt32 = 0o644) throws(SystemCallError)
    -> FileDescriptor
  {
    let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
    return FileDescriptor(rawValue: try systemCall("open") { open(path, flags, mode_t(mode)) })
  }

  /// Writes all of `bytes` with `write(2)`, again after a short write.
  ///
  /// - Throws: the error of the `write` that failed; `EAGAIN` when a non-blocking descriptor
  ///   is full.
  package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
    var written = 0
    while written < bytes.count {
      guard let count = try write(UnsafeRawBufferPointer(rebasing: bytes[written...])) else {
        throw SystemCallError("write", .wouldBlock)
      }
      written += count
    }
  }

  /// ``writeAll(_:)-(UnsafeRawBufferPointer)`` of an array's bytes.
  package func writeAll(_ bytes: [UInt8]) throws(SystemCallError) {
    try bytes.withUnsafeBytes { raw in Result { () throws(SystemCallError) in try writeAll(raw) } }.get()
  }

  /// Reads with `read(2)` to the end of the file, at most `limit` bytes.
  ///
  /// - Parameter expectedSize: the size the file had (`fstat(2)`), when known: the reads then
  ///   use a buffer that size and a little more, not 64 KB to clear for a 2 KB file (a cached
  ///   table, read at a command's start). A file that grew meanwhile is still read whole.
  /// - Throws: the error of the `read` that failed; `EFBIG` once more than `limit` bytes came;
  ///   `EAGAIN` when a non-blocking descriptor has nothing to read.
  package func readToEnd(limit: Int = .max, expectedSize: Int? = nil) throws(SystemCallError) -> [UInt8] {
    let chunkSize = 64 * 1024
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: expectedSize.map { min(max($0, 0) + 1, chunkSize) } ?? chunkSize)
    while true {
      guard let count = try read(into: &chunk) else { throw SystemCallError("read", .wouldBlock) }
      if count == 0 { return bytes }
      guard bytes.count + count <= limit else { throw SystemCallError("read", .fileTooLarge) }
      bytes += chunk[..<count]
    }
  }

  /// Reads up to `buffer.count` bytes from `offset` with `pread(2)`, leaving the file offset
  /// alone.
  ///
  /// - Returns: the number of bytes read, 0 at or past the end of the file.
  package func read(
    into buffer: UnsafeMutableRawBufferPointer, at offset: Int
  ) throws(SystemCallError) -> Int {
    try systemCall("pread") { pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
  }
}
