#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file, or standard input, as bytes: `open(2)`, then `read(2)` to the end.
package enum FileReader {
  /// Why a file could not be read: the call's `errno`.
  package struct Failure: Error, Hashable, Sendable {
    /// The path as given, `-` for standard input.
    package let path: String
    package let errno: Errno

    /// Set when the file is larger than the reader's limit (`errno` is then `EFBIG`).
    package var limit: Int? = nil

    /// The failure to read `path` (`-` for standard input) with `errno`, past `limit` if set.
    package init(path: String, errno: Errno, limit: Int? = nil) {
      self.path = path
      self.errno = errno
      self.limit = limit
    }

    /// `No such file or directory (ENOENT)`, or the size limit.
    package var reason: String {
      limit.map { "it is larger than \($0 / (1 << 20)) MiB" } ?? errno.description
    }
  }

  /// Reads `path`, or standard input when `path` is `nil` or `-`, up to `limit` bytes: a
  /// larger input (`/dev/zero`, an endless pipe) is refused instead of filling memory.
  package static func contents(of path: String?, limit: Int = .max) throws(Failure) -> [UInt8] {
    let name = path ?? "-"
    var descriptor = FileDescriptor.standardInput
    if let path, path != "-" {
      do {
        descriptor = try .openForReading(path)
      } catch {
        throw Failure(path: name, errno: error.errno)
      }
    }
    defer { if descriptor != .standardInput { descriptor.close() } }
    return try contents(of: descriptor, name: name, limit: limit)
  }

  /// Reads `descriptor` to its end, up to `limit` bytes; `name` names it in a ``Failure``.
  static func contents(of descriptor: FileDescriptor, name: String, limit: Int) throws(Failure) -> [UInt8] {
    var result: [UInt8] = []
    // A regular file's size (`fstat(2)`) sizes the buffer once: a routes file of several MiB
    // is then not copied at every doubling.
    var status = stat()
    if fstat(descriptor.rawValue, &status) == 0, status.st_size > 0, Int(status.st_size) <= limit {
      result.reserveCapacity(Int(status.st_size))
    }
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count: Int?
      do {
        count = try descriptor.read(into: &chunk)
      } catch {
        throw Failure(path: name, errno: error.errno)
      }
      // A non-blocking standard input with nothing to read: reported, as before, not spun on.
      guard let count else { throw Failure(path: name, errno: .wouldBlock) }
      if count == 0 { return result }
      guard result.count + count <= limit else {
        throw Failure(path: name, errno: Errno(rawValue: EFBIG), limit: limit)
      }
      result.append(contentsOf: chunk[..<count])
    }
  }
}

extension FileDescriptor {
  /// Descriptor 0.
  package static let standardInput = FileDescriptor(rawValue: 0)

  /// Opens `path` read-only and close-on-exec with `open(2)`.
  package static func openForReading(_ path: String) throws(SystemCallError) -> FileDescriptor {
    FileDescriptor(rawValue: try systemCall("open") { open(path, O_RDONLY | O_CLOEXEC) })
  }
}
