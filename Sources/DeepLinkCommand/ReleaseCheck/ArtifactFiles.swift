import DeepLinkWire
import ReleaseInspection

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
    let status = try FileStatus.following(path)
    switch status.kind {
    case .directory: return .directory
    case .regularFile: return .file(size: status.size)
    default: return .other
    }
  }

  /// The names in the folder `path`, sorted, without `.` and `..` (`opendir(3)`, `readdir(3)`).
  ///
  /// - Throws: the `errno` of `opendir(3)`.
  static func names(in path: String) throws(Errno) -> [String] {
    try FileSystem.names(in: path).sorted()
  }

  /// A regular file open for reading by offset.
  final class File: ByteSource {
    let descriptor: FileDescriptor
    let count: Int

    /// Opens `path` (`open(2)`, `fstat(2)`).
    ///
    /// - Throws: the `errno` of the call that failed.
    init(_ path: String) throws(Errno) {
      let opened: FileDescriptor
      do { opened = try FileDescriptor.openForReading(path) } catch { throw error.errno }
      do {
        count = try FileStatus.of(opened).size
      } catch {
        opened.close()
        throw error.errno
      }
      descriptor = opened
    }

    /// A file already open as `descriptor`, of `count` bytes; closed with this value.
    init(descriptor: FileDescriptor, count: Int) {
      self.descriptor = descriptor
      self.count = count
    }

    deinit { descriptor.close() }

    /// `count` bytes from `offset` (`pread(2)`, again after a short read).
    func read(at offset: Int, count: Int) throws(ZipError) -> [UInt8] {
      var bytes = [UInt8](repeating: 0, count: count)
      var done = 0
      while done < count {
        done += try bytes.withUnsafeMutableBytes { buffer in
          Result { () throws(ZipError) in
            try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), at: offset + done)
          }
        }.get()
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
        let got = try buffer.withUnsafeMutableBytes { raw in
          Result { () throws(ZipError) in
            try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[..<wanted]), at: offset)
          }
        }.get()
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

    /// One `pread(2)` into `buffer` from `offset`: the number of bytes read, never 0.
    ///
    /// - Throws: ``ZipError/read(_:)`` with the system's reason, or when the file ended
    ///   before `offset + buffer.count` (it shrank while being read).
    private func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(ZipError) -> Int {
      let got: Int
      do {
        got = try descriptor.read(into: buffer, at: offset)
      } catch {
        throw .read(error.errno.description)
      }
      if got == 0 {
        throw .read("the file ended at \(offset) bytes while being read (is it still being written?)")
      }
      return got
    }
  }
}
