import DeepLinkWire

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A directory of a tour, opened once: its files are read and written by name inside it
/// (`openat(2)` with `O_NOFOLLOW`), never by a path built from a name, so a name from a
/// recording cannot reach a file elsewhere.
final class TourDirectory {
  /// The path as given, for messages.
  let path: String
  private let descriptor: Int32

  /// Opens the existing directory `path` (`open(2)`, `O_DIRECTORY`).
  ///
  /// - Throws: the `errno` of the call (`ENOENT`, `ENOTDIR`, `EACCES`).
  init(opening path: String) throws(Errno) {
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    } while descriptor == -1 && errno == EINTR
    guard descriptor != -1 else { throw Errno(rawValue: errno) }
    self.path = path
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Creates the directory `path` (mode 0755 less the umask) unless it exists; whether it did.
  ///
  /// - Throws: the `errno` of `mkdir(2)` other than `EEXIST`.
  static func create(_ path: String) throws(Errno) -> Bool {
    guard mkdir(path, 0o755) == 0 else {
      guard errno == EEXIST else { throw Errno(rawValue: errno) }
      return false
    }
    return true
  }

  /// A new directory `deeplink-tour.XXXXXX` in `$TMPDIR` (else `/tmp`), only this user's
  /// (`mkdtemp(3)`, mode 0700).
  static func makeTemporary() throws(Errno) -> String {
    let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((base + "/deeplink-tour.XXXXXX").utf8CString)
    guard mkdtemp(&template) != nil else { throw Errno(rawValue: errno) }
    return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The absolute path with every symbolic link resolved (`realpath(3)`), or `nil`.
  static func canonicalPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The names in the directory, `.` and `..` left out (`fdopendir(3)` on a copy of the
  /// descriptor, `readdir(3)`).
  func names() throws(Errno) -> [String] {
    let copy = dup(descriptor)
    guard copy != -1 else { throw Errno(rawValue: errno) }
    guard let stream = fdopendir(copy) else {
      let failure = Errno(rawValue: errno)
      close(copy)
      throw failure
    }
    defer { closedir(stream) }
    rewinddir(stream)
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Whether `name` is a file name that stays in its directory: not empty, not `.` or `..`,
  /// no `/` and no NUL, at most 255 bytes.
  static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && name.utf8.count <= 255
      && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
  }

  /// The bytes of the regular file `name` in the directory, at most `limit`: `openat(2)` with
  /// `O_NOFOLLOW` (a symbolic link is refused, `ELOOP`), `fstat(2)` (anything but a regular
  /// file is refused, `EINVAL`), `read(2)`.
  ///
  /// - Throws: the `errno` that stopped it; `EFBIG` past `limit`.
  func read(_ name: String, limit: Int) throws(Errno) -> [UInt8] {
    precondition(Self.isPlainName(name), "a checked name")
    var file: Int32
    repeat {
      file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    } while file == -1 && errno == EINTR
    guard file != -1 else { throw Errno(rawValue: errno) }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0 else { throw Errno(rawValue: errno) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw Errno(rawValue: EINVAL) }
    guard Int(status.st_size) <= limit else { throw Errno(rawValue: EFBIG) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { readFile(file, $0.baseAddress!, $0.count) }
      if count == -1 {
        if errno == EINTR { continue }
        throw Errno(rawValue: errno)
      }
      if count == 0 { return bytes }
      guard bytes.count + count <= limit else { throw Errno(rawValue: EFBIG) }
      bytes += chunk[..<count]
    }
  }

  /// Why ``read(_:limit:)`` failed, in words: `ELOOP`, `EINVAL` and `EFBIG` as that method
  /// means them, any other `errno` as `strerror(3)` says it.
  static func reason(_ error: Errno, limit: Int) -> String {
    switch error.rawValue {
    case ELOOP: "it is a symbolic link; a recording holds plain files"
    case EINVAL: "it is not a regular file"
    case EFBIG: "it is larger than \(limit >> 20) MiB"
    default: error.description
    }
  }

  /// Writes `bytes` as the file `name` in the directory, created (mode 0644 less the umask) or
  /// truncated: `openat(2)` with `O_NOFOLLOW`, so a symbolic link in its place is refused.
  ///
  /// - Throws: the `errno` of the call that failed.
  func write(_ bytes: [UInt8], as name: String) throws(Errno) {
    precondition(Self.isPlainName(name), "a checked name")
    var file: Int32
    repeat {
      file = openat(descriptor, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
    } while file == -1 && errno == EINTR
    guard file != -1 else { throw Errno(rawValue: errno) }
    defer { close(file) }
    try BinaryFile.writeAll(bytes, to: file)
  }

  /// Removes the file `name` from the directory (`unlinkat(2)`); a missing one is no error.
  func remove(_ name: String) throws(Errno) {
    precondition(Self.isPlainName(name), "a checked name")
    guard unlinkat(descriptor, name, 0) == 0 || errno == ENOENT else { throw Errno(rawValue: errno) }
  }
}

/// `read(2)`, named apart from ``TourDirectory/read(_:limit:)``.
private func readFile(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
