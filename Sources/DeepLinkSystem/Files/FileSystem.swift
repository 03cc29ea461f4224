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
  package static func makeDirectory(_ path: String, mode: UInt32) throws(SystemCallError) -> Bool {
    do {
      _ = try systemCall("mkdir") { mkdir(path, mode_t(mode)) }
    } catch let error where error.errno == .exists {
      return false
    }
    try setMode(path, mode)
    return true
  }

  /// `unlink(2)`; a path that is already gone is not an error.
  package static func removeFile(_ path: String) throws(SystemCallError) {
    do {
      _ = try systemCall("unlink") { unlink(path) }
    } catch let error where error.errno == .noEntry {
      return
    }
  }

  /// `chmod(2)`: sets `path`'s permission bits to exactly `mode`.
  package static func setMode(_ path: String, _ mode: UInt32) throws(SystemCallError) {
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
  package static func entries(of directory: String) -> [String]? {
    try? names(in: directory)
  }

  /// The names in `directory` (`opendir(3)`, `readdir(3)`), without `.` and `..`, in the
  /// order the directory lists them.
  ///
  /// - Throws: the `errno` of `opendir(3)`.
  package static func names(in directory: String) throws(Errno) -> [String] {
    guard let stream = opendir(directory) else { throw Errno.current }
    return names(in: stream)
  }

  /// The names `stream` lists, which is then closed (`readdir(3)`, `closedir(3)`).
  ///
  /// A name is read in place, up to its NUL: `readdir` returns records only as long as their
  /// names (`d_reclen`), so copying the whole 256-byte `d_name` field can read past the end of
  /// glibc's buffer and crash (swiftlang/swift-corelibs-foundation#5472, in `Process.run`).
  static func names(in stream: DirectoryStream) -> [String] {
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

  /// `mkdir(2)` with mode 0755 less the umask, unless something is at `path`: whether it made
  /// the directory.
  ///
  /// - Throws: the `errno` of `mkdir(2)` other than `EEXIST`.
  package static func createDirectory(_ path: String) throws(Errno) -> Bool {
    do {
      _ = try systemCall("mkdir") { mkdir(path, 0o755) }
      return true
    } catch let error where error.errno == .exists {
      return false
    } catch {
      throw error.errno
    }
  }

  /// A new directory `<prefix>.XXXXXX` in `$TMPDIR` (else `/tmp`), only this user's
  /// (`mkdtemp(3)`, mode 0700): its path.
  ///
  /// - Throws: the `errno` of `mkdtemp(3)`.
  package static func makeTemporaryDirectory(prefix: String) throws(Errno) -> String {
    let base = environmentValue("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((base + "/" + prefix + ".XXXXXX").utf8CString)
    guard mkdtemp(&template) != nil else { throw Errno.current }
    return string(template)
  }

  /// The absolute path with every symbolic link resolved (`realpath(3)`), or `nil`.
  package static func canonicalPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// A NUL-terminated C string as a Swift string.
  static func string(_ characters: [CChar]) -> String {
    String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

#if canImport(Darwin)
  /// What `opendir(3)` returns: a pointer to Darwin's `DIR`, which glibc keeps opaque.
  typealias DirectoryStream = UnsafeMutablePointer<DIR>
#else
  /// What `opendir(3)` returns: a pointer to Darwin's `DIR`, which glibc keeps opaque.
  typealias DirectoryStream = OpaquePointer
#endif
