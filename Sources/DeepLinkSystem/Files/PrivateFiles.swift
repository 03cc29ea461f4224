#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files only their owner may read and write, for a cache of what apps served: read without
/// trusting what is at the path, written atomically. No call waits on a lock or on a reader:
/// a FIFO put at the path is opened without blocking and refused.
package enum PrivateFiles {
  /// Why a private file or directory was not used.
  package enum Refusal: Error, Hashable, Sendable {
    /// Nothing is at the path.
    case missing
    /// Something other than a regular file (or, for a directory, other than a directory).
    case wrongKind(String)
    /// Owned by `owner`, not by this process's user.
    case ownedByAnotherUser(owner: UInt32)
    /// Its group or others may read or write it: `mode` in octal (`0644`).
    case openToOthers(mode: String)
    /// Larger than `limit` bytes.
    case tooLarge(limit: Int)
    /// A C call failed.
    case system(call: String, errno: Errno)

    /// The reason, for a warning line: `it is readable or writable by others (mode 0644)`.
    package var message: String {
      switch self {
      case .missing: "it does not exist"
      case .wrongKind(let kind): "it is \(kind)"
      case .ownedByAnotherUser(let owner): "it belongs to another user (uid \(owner))"
      case .openToOthers(let mode): "its group or others may use it (mode \(mode)); only its owner may"
      case .tooLarge(let limit): "it is larger than \(limit) bytes"
      case .system(let call, let errno): "\(call) failed: \(errno)"
      }
    }

    init(_ error: SystemCallError) {
      self = error.errno == .noEntry ? .missing : .system(call: error.call, errno: error.errno)
    }
  }

  /// Reads the regular file at `path`, owned by `userID` and closed to group and others
  /// (`open(2)` with `O_NOFOLLOW` and `O_NONBLOCK`, `fstat(2)` on what was opened, `read(2)`),
  /// up to `limit` bytes.
  ///
  /// - Throws: ``Refusal``: ``Refusal/missing`` when nothing is there.
  package static func read(_ path: String, limit: Int, userID: UInt32 = FileSystem.userID) throws(Refusal)
    -> [UInt8]
  {
    let descriptor: FileDescriptor
    do {
      descriptor = FileDescriptor(
        rawValue: try systemCall("open") { open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) })
    } catch let error where error.errno == Errno(rawValue: ELOOP) {
      throw .wrongKind(FileStatus.Kind.symbolicLink.rawValue)
    } catch {
      throw Refusal(error)
    }
    defer { descriptor.close() }
    let status: FileStatus
    do {
      status = try FileStatus.of(descriptor)
    } catch {
      throw Refusal(error)
    }
    try check(status, kind: .regularFile, userID: userID)
    do {
      return try descriptor.readToEnd(limit: limit, expectedSize: status.size)
    } catch {
      throw error.errno == .fileTooLarge ? .tooLarge(limit: limit) : Refusal(error)
    }
  }

  /// Makes `path` a 0700 directory when it is missing, making its parent the same way when
  /// that is missing too (`mkdir(2)`), then checks that it is a directory of `userID` closed to
  /// group and others (`lstat(2)`).
  ///
  /// - Throws: ``Refusal``.
  package static func prepareDirectory(_ path: String, userID: UInt32 = FileSystem.userID) throws(Refusal) {
    var status: FileStatus?
    do {
      status = try FileStatus.of(path)
      if status == nil {
        // The parent (`~/.cache`), made as the XDG base directory specification says: 0700.
        let parent = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !parent.isEmpty, try FileStatus.of(parent) == nil {
          _ = try FileSystem.makeDirectory(parent, mode: 0o700)
        }
        _ = try FileSystem.makeDirectory(path, mode: 0o700)
        status = try FileStatus.of(path)
      }
    } catch {
      throw Refusal(error)
    }
    guard let status else { throw .missing }
    try check(status, kind: .directory, userID: userID)
  }

  /// Checks the directory at `path` as ``prepareDirectory(_:userID:)`` does, making nothing.
  ///
  /// - Throws: ``Refusal``: ``Refusal/missing`` when nothing is there.
  package static func checkDirectory(_ path: String, userID: UInt32 = FileSystem.userID) throws(Refusal) {
    let status: FileStatus?
    do {
      status = try FileStatus.of(path)
    } catch {
      throw Refusal(error)
    }
    guard let status else { throw .missing }
    try check(status, kind: .directory, userID: userID)
  }

  /// Writes `bytes` to `path` atomically: a new 0600 file beside it (`open(2)` with `O_EXCL`,
  /// `fchmod(2)`, `write(2)`), then `rename(2)` over `path`. A reader sees the old file or the
  /// new one, never a part; two writers each replace it whole.
  ///
  /// - Throws: ``Refusal/system(call:errno:)``; the temporary file is removed.
  package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Refusal) {
    do {
      try BinaryFile.replaceAtomically(path, with: bytes, mode: 0o600)
    } catch {
      throw Refusal(error)
    }
  }

  private static func check(_ status: FileStatus, kind: FileStatus.Kind, userID: UInt32) throws(Refusal) {
    guard status.kind == kind else { throw .wrongKind(status.kind.rawValue) }
    guard status.ownerID == userID else { throw .ownedByAnotherUser(owner: status.ownerID) }
    guard status.permissions & 0o077 == 0 else { throw .openToOthers(mode: status.octalPermissions) }
  }
}
