/// The socket's directory, made or checked the way tmux and ssh-agent do it.
enum PrivateDirectory {
  /// Makes `path` a 0700 directory if it is missing (its parent must exist), then checks with
  /// `lstat` that it is a real directory, owned by `userID`, that nobody else can write to.
  ///
  /// - Throws: ``ServerError/unsafeDirectory(path:problem:)`` naming what is wrong,
  ///   ``ServerError/missingParent(directory:parent:)`` when `mkdir` finds no parent (one
  ///   level is made, never a whole chain), or ``ServerError/system(call:path:errno:)``.
  static func prepare(_ path: String, userID: UInt32) throws(ServerError) {
    var status = try lstat(path)
    if status == nil {
      do {
        _ = try FileSystem.makeDirectory(path, mode: 0o700)
      } catch let error where error.errno == .noEntry {
        throw .missingParent(directory: path, parent: SocketPath.directory(of: path))
      } catch {
        throw ServerError(error, path: path)
      }
      status = try lstat(path)
    }
    guard let status else {
      throw .system(call: "lstat", path: path, errno: .noEntry)
    }
    try check(status, path: path, userID: userID)
  }

  /// The checks of ``prepare(_:userID:)`` on a status already read.
  static func check(_ status: FileStatus, path: String, userID: UInt32) throws(ServerError) {
    guard status.kind == .directory else {
      throw .unsafeDirectory(path: path, problem: .notADirectory(kind: status.kind.rawValue))
    }
    guard status.ownerID == userID else {
      throw .unsafeDirectory(
        path: path, problem: .ownedByAnotherUser(owner: status.ownerID, user: userID))
    }
    guard status.permissions & 0o022 == 0 else {
      throw .unsafeDirectory(path: path, problem: .writableByOthers(mode: status.octalPermissions))
    }
  }

  private static func lstat(_ path: String) throws(ServerError) -> FileStatus? {
    do {
      return try FileStatus.of(path)
    } catch {
      throw ServerError(error, path: path)
    }
  }
}
