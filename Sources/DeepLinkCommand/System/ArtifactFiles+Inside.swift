import DeepLinkWire
import ReleaseInspection

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ArtifactFiles {
  /// Opens the regular file `folder/components…` without leaving `folder`: each folder on the
  /// way and the file itself are opened relative to the one before (`openat(2)`) with
  /// `O_NOFOLLOW`, so a symbolic link anywhere after `folder` is refused, never followed, and
  /// a name cannot climb out (the caller gives single names, never `..`). A FIFO does not
  /// block the call (`O_NONBLOCK`); only a regular file is returned.
  ///
  /// - Throws: ``BundleExecutableError``: `missing`, `symbolicLink`, `notARegularFile`, or
  ///   `unreadable` with the system's reason.
  static func openInside(_ folder: String, _ components: [String]) throws(BundleExecutableError) -> File {
    var current: Int32 = -1
    repeat {
      current = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    } while current == -1 && errno == EINTR
    guard current != -1 else { throw .unreadable(Errno(rawValue: errno).description) }
    for (index, name) in components.enumerated() {
      let last = index == components.count - 1
      var flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC
      flags |= last ? O_NONBLOCK : O_DIRECTORY
      var next: Int32
      repeat {
        next = openat(current, name, flags)
      } while next == -1 && errno == EINTR
      let failure = errno
      // A link under O_NOFOLLOW fails with ELOOP (with O_DIRECTORY, Linux says ENOTDIR
      // first): what is there, without following it, tells which.
      var status = stat()
      let isLink =
        next == -1 && fstatat(current, name, &status, AT_SYMLINK_NOFOLLOW) == 0
        && status.st_mode & S_IFMT == S_IFLNK
      close(current)
      guard next != -1 else {
        if isLink { throw .symbolicLink }
        switch failure {
        case ENOENT: throw .missing
        case ENOTDIR: throw .unreadable("\(ControlCharacters.escaped(name)) on the way to it is not a folder")
        default: throw .unreadable(Errno(rawValue: failure).description)
        }
      }
      current = next
    }
    var status = stat()
    guard fstat(current, &status) == 0 else {
      let failure = Errno(rawValue: errno)
      close(current)
      throw .unreadable(failure.description)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      close(current)
      throw .notARegularFile
    }
    return File(descriptor: current, count: Int(status.st_size))
  }
}
