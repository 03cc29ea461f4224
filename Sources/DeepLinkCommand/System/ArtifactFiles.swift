import DeepLinkWire
import ReleaseInspection

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file system as `check-release` reads it: what a path is, a folder's names, and a file
/// read by offset (`pread(2)`) so that an archive is never read whole.
enum ArtifactFiles {
  /// What is at a path, following symbolic links (`stat(2)`).
  enum Kind {
    case directory
    case file(size: Int)
    case other
  }

  /// What is at `path`.
  ///
  /// - Throws: the `errno` of `stat(2)` (`ENOENT` when nothing is there).
  static func kind(of path: String) throws(Errno) -> Kind {
    var status = stat()
    guard stat(path, &status) == 0 else { throw Errno(rawValue: errno) }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return .directory
    case S_IFREG: return .file(size: Int(status.st_size))
    default: return .other
    }
  }

  /// The names in the folder `path`, sorted, without `.` and `..` (`opendir(3)`, `readdir(3)`).
  ///
  /// - Throws: the `errno` of `opendir(3)`.
  static func names(in path: String) throws(Errno) -> [String] {
    guard let directory = opendir(path) else { throw Errno(rawValue: errno) }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// A regular file open for reading by offset.
  final class File: ByteSource {
    let descriptor: Int32
    let count: Int

    /// Opens `path` (`open(2)`, `fstat(2)`).
    ///
    /// - Throws: the `errno` of the call that failed.
    init(_ path: String) throws(Errno) {
      var opened: Int32
      repeat {
        opened = open(path, O_RDONLY | O_CLOEXEC)
      } while opened == -1 && errno == EINTR
      guard opened != -1 else { throw Errno(rawValue: errno) }
      var status = stat()
      guard fstat(opened, &status) == 0 else {
        let failure = Errno(rawValue: errno)
        close(opened)
        throw failure
      }
      descriptor = opened
      count = Int(status.st_size)
    }

    /// A file already open as `descriptor`, of `count` bytes; closed with this value.
    init(descriptor: Int32, count: Int) {
      self.descriptor = descriptor
      self.count = count
    }

    deinit { close(descriptor) }

    /// `count` bytes from `offset` (`pread(2)`, retried on EINTR and short reads).
    func read(at offset: Int, count: Int) throws(ZipError) -> [UInt8] {
      var bytes = [UInt8](repeating: 0, count: count)
      var done = 0
      while done < count {
        let got = bytes.withUnsafeMutableBytes { buffer in
          pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
        }
        if got == -1 {
          if errno == EINTR { continue }
          throw .read(Errno(rawValue: errno).description)
        }
        if got == 0 {
          throw .read(
            "the file ended at \(offset + done) bytes while being read (is it still being written?)")
        }
        done += got
      }
      return bytes
    }

    /// Hands the file's bytes to `body` a piece of at most `pieceSize` bytes at a time, in
    /// order, through one buffer (`pread(2)`): memory stays at `pieceSize` whatever the file's
    /// size. `body` returns `false` to stop early.
    ///
    /// - Returns: `true` when every byte was read, `false` when `body` stopped.
    func forEachPiece(pieceSize: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) -> Bool) throws(ZipError)
      -> Bool
    {
      var buffer = [UInt8](repeating: 0, count: max(1, min(pieceSize, count)))
      var offset = 0
      while offset < count {
        let wanted = min(buffer.count, count - offset)
        let got = buffer.withUnsafeMutableBytes { raw in
          pread(descriptor, raw.baseAddress!, wanted, off_t(offset))
        }
        if got == -1 {
          if errno == EINTR { continue }
          throw .read(Errno(rawValue: errno).description)
        }
        if got == 0 {
          throw .read("the file ended at \(offset) bytes while being read (is it still being written?)")
        }
        offset += got
        guard buffer.withUnsafeBytes({ body(UnsafeRawBufferPointer(rebasing: $0[..<got])) }) else {
          return false
        }
      }
      return true
    }

    /// The whole file, refused above `limit` bytes.
    func contents(limit: Int) throws(ZipError) -> [UInt8] {
      guard count <= limit else { throw .read("it is larger than \(limit >> 20) MiB") }
      return try read(at: 0, count: count)
    }
  }
}
