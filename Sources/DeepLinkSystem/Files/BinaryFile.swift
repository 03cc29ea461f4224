#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file reads and writes, private temporary files and short pauses, for the device
/// commands (`screen --png`, `wait`) and the `screenshot` tool of `deeplink mcp`.
package enum BinaryFile {
  /// Writes `bytes` to `path`, created with mode 0644 (less the umask) or truncated:
  /// `open(2)` and `write(2)`.
  ///
  /// - Throws: the `errno` of the call that failed.
  package static func write(_ bytes: [UInt8], to path: String) throws(Errno) {
    do {
      let file = try FileDescriptor.openForWriting(path)
      defer { file.close() }
      try file.writeAll(bytes)
    } catch {
      throw error.errno
    }
  }

  /// Writes all of `bytes` to an open `descriptor`, again after a short write.
  ///
  /// - Throws: the `errno` of the `write` that failed.
  package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(Errno) {
    do { try FileDescriptor(rawValue: descriptor).writeAll(bytes) } catch { throw error.errno }
  }

  /// Reads the whole file at `path`: `open(2)` and `read(2)`.
  ///
  /// - Throws: the `errno` of the call that failed.
  package static func read(_ path: String) throws(Errno) -> [UInt8] {
    do {
      let file = try FileDescriptor.openForReading(path)
      defer { file.close() }
      return try file.readToEnd()
    } catch {
      throw error.errno
    }
  }

  /// Creates a new, empty file named `<name>.<random>.png` in a new folder of `$TMPDIR` (else
  /// `/tmp`) that only this user can enter (`mkdtemp(3)`, mode 0700; `mkstemps(3)`, mode 0600),
  /// and returns the folder's path and the file's.
  ///
  /// - Throws: the `errno` of the call that failed; nothing is left behind then.
  package static func makePrivateFile(named name: String, suffix: String) throws(Errno) -> (
    folder: String, file: String
  ) {
    let folder = try FileSystem.makeTemporaryDirectory(prefix: "deeplink")
    var fileTemplate = Array((folder + "/" + name + ".XXXXXX" + suffix).utf8CString)
    let descriptor = mkstemps(&fileTemplate, Int32(suffix.utf8.count))
    guard descriptor != -1 else {
      let failure = Errno.current
      rmdir(folder)
      throw failure
    }
    close(descriptor)
    return (folder, FileSystem.string(fileTemplate))
  }

  /// Removes `file` and then `folder`, as made by ``makePrivateFile(named:suffix:)``.
  package static func removePrivateFile(_ file: String, in folder: String) {
    unlink(file)
    rmdir(folder)
  }

  /// Sleeps for `milliseconds` (`nanosleep(2)`; an interruption ends it early).
  package static func pause(milliseconds: Int) {
    var time = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    nanosleep(&time, nil)
  }
}
