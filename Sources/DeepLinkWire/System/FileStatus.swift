#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `lstat(2)` says about a path: its type, permission bits, owner and identity.
struct FileStatus: Hashable, Sendable {
  enum Kind: String, Sendable {
    case directory = "a directory"
    case socket = "a socket"
    case regularFile = "a regular file"
    case symbolicLink = "a symbolic link"
    case other = "a special file"
  }

  var kind: Kind
  /// The permission bits (`st_mode & 0o7777`).
  var permissions: UInt32
  var ownerID: UInt32
  var device: UInt64
  var inode: UInt64

  /// `lstat(2)`: the path itself, not what a symbolic link points to.
  ///
  /// - Returns: `nil` when nothing is at `path` (`ENOENT`).
  static func of(_ path: String) throws(SystemCallError) -> FileStatus? {
    var status = stat()
    do {
      _ = try systemCall("lstat") { lstat(path, &status) }
    } catch let error where error.errno == .noEntry {
      return nil
    }
    return FileStatus(status)
  }

  /// `fstat(2)`: the file an open descriptor refers to, even once its path is unlinked.
  static func of(_ descriptor: FileDescriptor) throws(SystemCallError) -> FileStatus {
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
  }

  init(kind: Kind, permissions: UInt32, ownerID: UInt32, device: UInt64, inode: UInt64) {
    self.kind = kind
    self.permissions = permissions
    self.ownerID = ownerID
    self.device = device
    self.inode = inode
  }

  /// Whether this is the same file (device and inode) as `other`.
  func isSameFile(as other: FileStatus) -> Bool {
    device == other.device && inode == other.inode
  }

  /// The permission bits in octal, as `ls` users read them: `0700`, `1777`.
  var octalPermissions: String {
    let digits = String(permissions, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
