/// Reads a blocking descriptor such as standard input chunk by chunk, as bytes arrive: the
/// counterpart of ``StreamWriter`` for a reader that answers each line before the next comes
/// (`deeplink mcp`), where ``FileReader`` reads to the end first.
package enum StreamReader {
  /// `read(2)` of up to `buffer.count` bytes from `fd` into `buffer`, retried on `EINTR`.
  ///
  /// - Returns: the number of bytes read, 0 at end of input.
  /// - Throws: the `errno` of a failed read (`EAGAIN` for a non-blocking descriptor with
  ///   nothing to read, which a blocking standard input never gives).
  package static func read(from fd: Int32, into buffer: inout [UInt8]) throws(Errno) -> Int {
    let count: Int?
    do {
      count = try FileDescriptor(rawValue: fd).read(into: &buffer)
    } catch {
      throw error.errno
    }
    guard let count else { throw .wouldBlock }
    return count
  }
}
