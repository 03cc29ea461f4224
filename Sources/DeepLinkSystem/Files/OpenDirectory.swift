#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A directory opened once, whose entries are opened by name relative to it (`openat(2)`)
/// with `O_NOFOLLOW`: a symbolic link in its place is refused (`ELOOP`), never followed, so a
/// name from untrusted input (a tour's recording, an app bundle) cannot reach a file elsewhere.
/// Callers give single names, never `..` or a `/`. Closed with the value.
///
///     let folder = try OpenDirectory(opening: "shots")
///     try folder.openForWriting("home.png").writeAll(bytes)
package final class OpenDirectory {
  /// The directory's descriptor, open as long as this value.
  package let descriptor: FileDescriptor

  /// Opens the existing directory `path` (`open(2)`, `O_DIRECTORY`, close-on-exec).
  ///
  /// - Throws: the `errno` of `open` (`ENOENT`, `ENOTDIR`, `EACCES`).
  package init(opening path: String) throws(Errno) {
    let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC
    do { descriptor = FileDescriptor(rawValue: try systemCall("open") { openPath(path, flags) }) } catch {
      throw error.errno
    }
  }

  private init(descriptor: FileDescriptor) {
    self.descriptor = descriptor
  }

  deinit { descriptor.close() }

  /// Opens the directory `name` inside this one, not following a symbolic link.
  ///
  /// - Throws: the `errno` of `openat` (`ENOENT`; `ELOOP` or, on Linux, `ENOTDIR` for a
  ///   symbolic link; `ENOTDIR` for anything else that is no directory).
  package func openDirectory(_ name: String) throws(Errno) -> OpenDirectory {
    OpenDirectory(descriptor: try open(name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC))
  }

  /// Opens `name` inside this directory for reading, not following a symbolic link and
  /// without blocking on a FIFO (`O_NONBLOCK`): check what it is (``FileStatus/of(_:)-(FileDescriptor)``)
  /// before reading.
  ///
  /// - Throws: the `errno` of `openat` (`ENOENT`, `ELOOP` for a symbolic link).
  package func openForReading(_ name: String) throws(Errno) -> FileDescriptor {
    try open(name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
  }

  /// Opens `name` inside this directory for writing, created (mode 0644 less the umask) or
  /// truncated, not following a symbolic link.
  ///
  /// - Throws: the `errno` of `openat` (`ELOOP` for a symbolic link).
  package func openForWriting(_ name: String) throws(Errno) -> FileDescriptor {
    try open(name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode: 0o644)
  }

  /// Whether `name` in this directory is a symbolic link (`fstatat(2)`, not following it).
  package func isSymbolicLink(_ name: String) -> Bool {
    FileStatus.of(name, in: descriptor)?.kind == .symbolicLink
  }

  /// The names in the directory, `.` and `..` left out (`fdopendir(3)` on a copy of the
  /// descriptor, `readdir(3)`).
  ///
  /// - Throws: the `errno` of `dup(2)` or `fdopendir(3)`.
  package func names() throws(Errno) -> [String] {
    let copy: Int32
    do { copy = try systemCall("dup") { dup(descriptor.rawValue) } } catch { throw error.errno }
    guard let stream = fdopendir(copy) else {
      let failure = Errno.current
      FileDescriptor(rawValue: copy).close()
      throw failure
    }
    // The copy shares the original's position: start from the first entry.
    rewinddir(stream)
    return FileSystem.names(in: stream)
  }

  /// Removes the file `name` from the directory (`unlinkat(2)`); a missing one is no error.
  ///
  /// - Throws: the `errno` of `unlinkat` other than `ENOENT`.
  package func remove(_ name: String) throws(Errno) {
    do {
      _ = try systemCall("unlinkat") { unlinkat(descriptor.rawValue, name, 0) }
    } catch let error where error.errno == .noEntry {
      return
    } catch {
      throw error.errno
    }
  }

  /// `openat(2)` of `name` with `flags`, close-on-exec among them.
  private func open(_ name: String, _ flags: Int32, mode: mode_t = 0) throws(Errno) -> FileDescriptor {
    do {
      return FileDescriptor(
        rawValue: try systemCall("openat") { openat(descriptor.rawValue, name, flags, mode) })
    } catch {
      throw error.errno
    }
  }
}

/// `open(2)`, named apart from ``OpenDirectory``'s `open` method.
private func openPath(_ path: String, _ flags: Int32) -> Int32 {
  open(path, flags)
}
