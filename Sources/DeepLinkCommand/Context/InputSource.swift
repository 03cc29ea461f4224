package import DeepLinkWire

/// Where a command's standard input comes from: the process's (``StandardStreams``), or bytes
/// a test gives. `batch` reads its links from it, `mcp` its requests.
package protocol InputSource: Sendable {
  /// Reads up to `buffer.count` bytes into `buffer`.
  /// - Returns: the number of bytes read, 0 at the end of the input.
  /// - Throws: the `errno` of a failed read.
  func read(into buffer: inout [UInt8]) throws(Errno) -> Int
  /// Whether standard input is a terminal.
  var isTerminal: Bool { get }
}

extension InputSource {
  /// The whole input, up to `limit` bytes: a larger one (`/dev/zero`, an endless pipe) is
  /// refused instead of filling memory, as ``FileReader`` refuses a file.
  ///
  /// - Throws: a ``FileReader/Failure`` for `-` (standard input): the read's `errno`, or
  ///   `EFBIG` with the limit.
  func contents(limit: Int) throws(FileReader.Failure) -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count: Int
      do {
        count = try read(into: &chunk)
      } catch {
        throw FileReader.Failure(path: "-", errno: error)
      }
      if count == 0 { return result }
      guard result.count + count <= limit else {
        throw FileReader.Failure(path: "-", errno: .fileTooLarge, limit: limit)
      }
      result.append(contentsOf: chunk[..<count])
    }
  }
}
