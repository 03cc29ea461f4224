#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file, or standard input, as bytes (`open(2)` + `read(2)`).
enum FileReader {
  /// Why a file could not be read, with the system's reason.
  struct Failure: Error {
    let path: String
    let reason: String
  }

  /// Reads `path`, or standard input when `path` is `nil` or `-`.
  static func contents(of path: String?) throws(Failure) -> [UInt8] {
    let fd: Int32
    if let path, path != "-" {
      fd = open(path, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
    } else {
      fd = 0
    }
    defer { if fd != 0 { close(fd) } }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure(path: path ?? "-", reason: String(cString: strerror(errno)))
      }
      if count == 0 { return result }
      result.append(contentsOf: chunk[..<count])
    }
  }
}
