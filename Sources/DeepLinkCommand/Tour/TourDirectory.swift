import DeepLinkWire

/// A directory of a tour, opened once: its files are read and written by name inside it
/// (`OpenDirectory`: `openat(2)` with `O_NOFOLLOW`), never by a path built from a name, so a
/// name from a recording cannot reach a file elsewhere.
final class TourDirectory {
  /// The path as given, for messages.
  let path: String
  private let directory: OpenDirectory

  /// Opens the existing directory `path`.
  ///
  /// - Throws: the `errno` of `open(2)` (`ENOENT`, `ENOTDIR`, `EACCES`).
  init(opening path: String) throws(Errno) {
    directory = try OpenDirectory(opening: path)
    self.path = path
  }

  /// Creates the directory `path` (mode 0755 less the umask) unless it exists; whether it did.
  ///
  /// - Throws: the `errno` of `mkdir(2)` other than `EEXIST`.
  static func create(_ path: String) throws(Errno) -> Bool {
    try FileSystem.createDirectory(path)
  }

  /// A new directory `deeplink-tour.XXXXXX` in `$TMPDIR` (else `/tmp`), only this user's
  /// (`mkdtemp(3)`, mode 0700).
  static func makeTemporary() throws(Errno) -> String {
    try FileSystem.makeTemporaryDirectory(prefix: "deeplink-tour")
  }

  /// The absolute path with every symbolic link resolved (`realpath(3)`), or `nil`.
  static func canonicalPath(_ path: String) -> String? {
    FileSystem.canonicalPath(path)
  }

  /// The names in the directory, `.` and `..` left out.
  func names() throws(Errno) -> [String] {
    try directory.names()
  }

  /// Whether `name` is a file name that stays in its directory: not empty, not `.` or `..`,
  /// no `/` and no NUL, at most 255 bytes.
  static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && name.utf8.count <= 255
      && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
  }

  /// The bytes of the regular file `name` in the directory, at most `limit`: opened without
  /// following a symbolic link (refused, `ELOOP`), anything but a regular file refused
  /// (`EINVAL`), then read.
  ///
  /// - Throws: the `errno` that stopped it; `EFBIG` past `limit`.
  func read(_ name: String, limit: Int) throws(Errno) -> [UInt8] {
    precondition(Self.isPlainName(name), "a checked name")
    let file = try directory.openForReading(name)
    defer { file.close() }
    let status: FileStatus
    do { status = try FileStatus.of(file) } catch { throw error.errno }
    guard status.kind == .regularFile else { throw .invalidArgument }
    guard status.size <= limit else { throw .fileTooLarge }
    do { return try file.readToEnd(limit: limit) } catch { throw error.errno }
  }

  /// Why ``read(_:limit:)`` failed, in words: `ELOOP`, `EINVAL` and `EFBIG` as that method
  /// means them, any other `errno` as `strerror(3)` says it.
  static func reason(_ error: Errno, limit: Int) -> String {
    switch error {
    case .tooManySymbolicLinks: "it is a symbolic link; a recording holds plain files"
    case .invalidArgument: "it is not a regular file"
    case .fileTooLarge: "it is larger than \(limit >> 20) MiB"
    default: error.description
    }
  }

  /// Writes `bytes` as the file `name` in the directory, created (mode 0644 less the umask) or
  /// truncated, refused when a symbolic link is in its place.
  ///
  /// - Throws: the `errno` of the call that failed.
  func write(_ bytes: [UInt8], as name: String) throws(Errno) {
    precondition(Self.isPlainName(name), "a checked name")
    let file = try directory.openForWriting(name)
    defer { file.close() }
    do { try file.writeAll(bytes) } catch { throw error.errno }
  }

  /// Removes the file `name` from the directory (`unlinkat(2)`); a missing one is no error.
  func remove(_ name: String) throws(Errno) {
    precondition(Self.isPlainName(name), "a checked name")
    try directory.remove(name)
  }
}
