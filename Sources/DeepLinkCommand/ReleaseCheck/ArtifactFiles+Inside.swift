import DeepLinkWire
import ReleaseInspection

extension ArtifactFiles {
  /// Opens the regular file `folder/components…` without leaving `folder`: each folder on the
  /// way and the file itself are opened relative to the one before (`OpenDirectory`, with
  /// `O_NOFOLLOW`), so a symbolic link anywhere after `folder` is refused, never followed, and
  /// a name cannot climb out (the caller gives single names, never `..`). A FIFO does not
  /// block the call (`O_NONBLOCK`); only a regular file is returned.
  ///
  /// - Throws: ``BundleExecutableError``: `missing`, `symbolicLink`, `notARegularFile`, or
  ///   `unreadable` with the system's reason.
  static func openInside(_ folder: String, _ components: [String]) throws(BundleExecutableError) -> File {
    var current: OpenDirectory
    do { current = try OpenDirectory(opening: folder) } catch { throw .unreadable(error.description) }
    var file: FileDescriptor?
    for (index, name) in components.enumerated() {
      do {
        if index == components.count - 1 {
          file = try current.openForReading(name)
        } else {
          current = try current.openDirectory(name)
        }
      } catch {
        // A link under O_NOFOLLOW fails with ELOOP (with O_DIRECTORY, Linux says ENOTDIR
        // first): what is there, without following it, tells which.
        if current.isSymbolicLink(name) { throw .symbolicLink }
        switch error {
        case .noEntry: throw .missing
        case .notADirectory:
          throw .unreadable("\(ControlCharacters.escaped(name)) on the way to it is not a folder")
        default: throw .unreadable(error.description)
        }
      }
    }
    // No components: the folder itself, which is no regular file.
    guard let file else { throw .notARegularFile }
    return try regularFile(file)
  }

  /// `file` as a ``File`` when it is a regular file (`fstat(2)`); closed otherwise.
  private static func regularFile(_ file: FileDescriptor) throws(BundleExecutableError) -> File {
    let status: FileStatus
    do {
      status = try FileStatus.of(file)
    } catch {
      file.close()
      throw .unreadable(error.errno.description)
    }
    guard status.kind == .regularFile else {
      file.close()
      throw .notARegularFile
    }
    return File(descriptor: file, count: status.size)
  }
}
