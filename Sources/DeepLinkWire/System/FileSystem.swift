#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Path operations and process facts, one C call each.
package enum FileSystem {
  /// `mkdir(2)` with `mode`, then `chmod(2)` to exactly `mode` whatever the umask.
  ///
  /// - Returns: `false` if something appeared at `path` first (`EEXIST`).
  static func makeDirectory(_ path: String, mode: UInt32) throws(SystemCallError) -> Bool {
    do {
      _ = try systemCall("mkdir") { mkdir(path, mode_t(mode)) }
    } catch let error where error.errno == .exists {
      return false
    }
    try setMode(path, mode)
    return true
  }

  /// `unlink(2)`; a path that is already gone is not an error.
  static func removeFile(_ path: String) throws(SystemCallError) {
    do {
      _ = try systemCall("unlink") { unlink(path) }
    } catch let error where error.errno == .noEntry {
      return
    }
  }

  /// `chmod(2)`: sets `path`'s permission bits to exactly `mode`.
  static func setMode(_ path: String, _ mode: UInt32) throws(SystemCallError) {
    _ = try systemCall("chmod") { chmod(path, mode_t(mode)) }
  }

  /// `getuid(2)`: the real user id of this process.
  package static var userID: UInt32 {
    UInt32(getuid())
  }

  /// `getenv(3)`: one environment variable, without copying the whole environment.
  package static func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}

extension FileSystem {
  /// `getpid(2)`: this process's id.
  package static var processID: Int32 { Int32(getpid()) }
}

extension FileSystem {
  /// The names in `directory` (`opendir(3)`, `readdir(3)`), without `.` and `..`; `nil` when
  /// it cannot be read (missing, not a directory, not ours).
  ///
  /// A name is read in place, up to its NUL: `readdir` returns records only as long as their
  /// names (`d_reclen`), so copying the whole 256-byte `d_name` field can read past the end of
  /// glibc's buffer and crash (swiftlang/swift-corelibs-foundation#5472, in `Process.run`).
  package static func entries(of directory: String) -> [String]? {
    guard let stream = opendir(directory) else { return nil }
    defer { closedir(stream) }
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = String(
        cString: UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }
}
