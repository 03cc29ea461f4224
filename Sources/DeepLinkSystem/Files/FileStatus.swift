#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `lstat(2)` says about a path: its type, permission bits, owner, identity and size.
package struct FileStatus: Hashable, Sendable {
  package enum Kind: String, Sendable {
    case directory = "a directory"
    case socket = "a socket"
    case regularFile = "a regular file"
    case symbolicLink = "a symbolic link"
    case other = "a special file"
  }

  package var kind: Kind
  /// The permission bits (`st_mode & 0o7777`).
  package var permissions: UInt32
  package var ownerID: UInt32
  package var device: UInt64
  package var inode: UInt64
  /// The size in bytes (`st_size`) of a regular file.
  package var size: Int = 0

  /// `lstat(2)`: the path itself, not what a symbolic link points to.
  ///
  /// - Returns: `nil` when nothing is at `path` (`ENOENT`).
  package static func of(_ path: String) throws(SystemCallError) -> FileStatus? {
    var status = stat()
    do {
      _ = try systemCall("lstat") { lstat(path, &status) }
    } catch let error where error.errno == .noEntry {
      return nil
    }
    return FileStatus(status)
  }

  /// `stat(2)`: what is at `path`, following symbolic links.
  ///
  /// - Throws: the `errno` of `stat` (`ENOENT` when nothing is there).
  package static func following(_ path: String) throws(Errno) -> FileStatus {
    var status = stat()
    do { _ = try systemCall("stat") { stat(path, &status) } } catch { throw error.errno }
    return FileStatus(status)
  }

  /// `fstatat(2)` of `name` in the open directory `directory`, the name itself, not what a
  /// symbolic link points to; `nil` when it cannot be looked at.
  static func of(_ name: String, in directory: FileDescriptor) -> FileStatus? {
    var status = stat()
    do {
      _ = try systemCall("fstatat") { fstatat(directory.rawValue, name, &status, AT_SYMLINK_NOFOLLOW) }
    } catch {
      return nil
    }
    return FileStatus(status)
  }

  /// `fstat(2)`: the file an open descriptor refers to, even once its path is unlinked.
  package static func of(_ descriptor: FileDescriptor) throws(SystemCallError) -> FileStatus {
    var status = stat()
    _ = try systemCall("fstat") { fstat(descriptor.rawValue, &status) }
    return FileStatus(status)
  }

  private init(_ status: stat) {
    let type = UInt32(status.st_mode) & UInt32(S_IFMT)
    let kind: Kind =
      switch type {
      case UInt32(S_IFDIR): .directory
      case UInt32(S_IFSOCK): .socket
      case UInt32(S_IFREG): .regularFile
      case UInt32(S_IFLNK): .symbolicLink
      default: .other
      }
    self.init(
      kind: kind, permissions: UInt32(status.st_mode) & 0o7777, ownerID: UInt32(status.st_uid),
      device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    size = Int(status.st_size)
  }

  package init(kind: Kind, permissions: UInt32, ownerID: UInt32, device: UInt64, inode: UInt64) {
    self.kind = kind
    self.permissions = permissions
    self.ownerID = ownerID
    self.device = device
    self.inode = inode
  }

  /// Whether this is the same file (device and inode) as `other`.
  package func isSameFile(as other: FileStatus) -> Bool {
    device == other.device && inode == other.inode
  }

  /// The permission bits in octal, as `ls` users read them: `0700`, `1777`.
  package var octalPermissions: String {
    let digits = String(permissions, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
