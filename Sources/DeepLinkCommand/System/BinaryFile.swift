import DeepLinkWire

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file reads and writes, private temporary files and short pauses, for the device
/// commands (`screen --png`, `wait`) and the `screenshot` tool of `deeplink mcp`.
enum BinaryFile {
  /// Writes `bytes` to `path`, created with mode 0644 (less the umask) or truncated:
  /// `open(2)` and `write(2)`, retried on EINTR.
  ///
  /// - Throws: the `errno` of the call that failed.
  static func write(_ bytes: [UInt8], to path: String) throws(Errno) {
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    } while descriptor == -1 && errno == EINTR
    guard descriptor != -1 else { throw Errno(rawValue: errno) }
    defer { close(descriptor) }
    try writeAll(bytes, to: descriptor)
  }

  /// Writes all of `bytes` to an open `descriptor`, retrying short writes and `EINTR`.
  ///
  /// - Throws: the `errno` of the `write` that failed.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(Errno) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
      }
      if count == -1 {
        if errno == EINTR { continue }
        throw Errno(rawValue: errno)
      }
      written += count
    }
  }

  /// Reads the whole file at `path`: `open(2)` and `read(2)`, retried on EINTR.
  ///
  /// - Throws: the `errno` of the call that failed.
  static func read(_ path: String) throws(Errno) -> [UInt8] {
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
    } while descriptor == -1 && errno == EINTR
    guard descriptor != -1 else { throw Errno(rawValue: errno) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
      if count == -1 {
        if errno == EINTR { continue }
        throw Errno(rawValue: errno)
      }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
    }
  }

  /// Creates a new, empty file named `<name>.<random>.png` in a new folder of `$TMPDIR` (else
  /// `/tmp`) that only this user can enter (`mkdtemp(3)`, mode 0700; `mkstemps(3)`, mode 0600),
  /// and returns the folder's path and the file's.
  ///
  /// - Throws: the `errno` of the call that failed; nothing is left behind then.
  static func makePrivateFile(named name: String, suffix: String) throws(Errno) -> (
    folder: String, file: String
  ) {
    let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((base + "/deeplink.XXXXXX").utf8CString)
    guard mkdtemp(&template) != nil else { throw Errno(rawValue: errno) }
    let folder = Self.string(template)
    var fileTemplate = Array((folder + "/" + name + ".XXXXXX" + suffix).utf8CString)
    let descriptor = mkstemps(&fileTemplate, Int32(suffix.utf8.count))
    guard descriptor != -1 else {
      let failure = Errno(rawValue: errno)
      rmdir(folder)
      throw failure
    }
    close(descriptor)
    return (folder, Self.string(fileTemplate))
  }

  /// A NUL-terminated C string as a Swift string.
  private static func string(_ characters: [CChar]) -> String {
    String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Removes `file` and then `folder`, as made by ``makePrivateFile(named:suffix:)``.
  static func removePrivateFile(_ file: String, in folder: String) {
    unlink(file)
    rmdir(folder)
  }

  /// Sleeps for `milliseconds` (`nanosleep(2)`; an interruption ends it early).
  static func pause(milliseconds: Int) {
    var time = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    nanosleep(&time, nil)
  }
}

/// `read(2)`, named apart from ``BinaryFile/read(_:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

/// `write(2)`, named apart from ``BinaryFile/write(_:to:)``.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
