#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension BinaryFile {
  /// Replaces the file at `path` with `bytes` atomically: a new file beside it (`open(2)` with
  /// `O_EXCL`, `write(2)`), given `mode` with `fchmod(2)` when there is one, then `rename(2)`
  /// over `path`. A reader sees the old file or the new one, never a part, and a failure leaves
  /// the old file as it was: what a configuration file another program reads needs.
  ///
  /// - Parameters:
  ///   - mode: the permission bits of the new file (an existing file's, to keep them); `nil`
  ///     for 0666 less the umask, as any new file.
  /// - Throws: the `errno` of the call that failed; the temporary file is removed.
  package static func replace(_ path: String, with bytes: [UInt8], mode: UInt32?) throws(Errno) {
    do {
      try replaceAtomically(path, with: bytes, mode: mode)
    } catch {
      throw error.errno
    }
  }

  /// ``replace(_:with:mode:)``, failing with the call that failed: what
  /// `PrivateFiles.writeAtomically(_:to:)` also writes with, mode 0600.
  static func replaceAtomically(_ path: String, with bytes: [UInt8], mode: UInt32?) throws(SystemCallError) {
    let temporary = path + ".\(FileSystem.processID).\(UInt32.random(in: .min ... .max)).tmp"
    let descriptor = FileDescriptor(
      rawValue: try systemCall("open") {
        open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode_t(0o666))
      })
    do throws(SystemCallError) {
      defer { descriptor.close() }
      if let mode { _ = try systemCall("fchmod") { fchmod(descriptor.rawValue, mode_t(mode)) } }
      try descriptor.writeAll(bytes)
      _ = try systemCall("rename") { rename(temporary, path) }
    } catch {
      try? FileSystem.removeFile(temporary)
      throw error
    }
  }
}
