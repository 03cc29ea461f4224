/// The server's bound, listening socket with its lock: safe start-up and tidy tear-down.
///
/// Start-up, in order (tmux's and ssh-agent's practice):
/// 1. the path is checked and its directory made private (``PrivateDirectory``);
/// 2. `flock` on `<socket>.lock`, so two servers never race for one path; the lock counts only
///    if the path still names the file locked (a server that stops unlinks the lock file
///    while holding it, so a lock taken on the unlinked file is retried on the new one);
/// 3. an existing socket file is probed with `connect`: `ECONNREFUSED`/`ENOENT` means stale,
///    so it is removed; a connection (or `EAGAIN`, a full backlog) means a live server, which
///    is left alone; anything that is not a socket is never removed;
/// 4. `socket`, `bind`, `chmod` the socket file to 0600, then `listen`. Until `listen`, a
///    `connect` to the path is refused whatever the file's mode, so nobody can reach the socket
///    before it is the user's alone. No process-wide `umask(2)`: it would change the mode of
///    files other threads of the app create meanwhile.
struct ListeningSocket {
  let path: String
  let listener: FileDescriptor
  private let lock: FileDescriptor
  private let lockPath: String
  /// Device and inode of the lock file as locked: tear-down removes only this file.
  private let lockIdentity: FileStatus
  /// Device and inode of the socket file as bound: tear-down removes only this file.
  private let identity: FileStatus

  static func open(path: String, backlog: Int32, userID: UInt32) throws(ServerError) -> ListeningSocket {
    do {
      try SocketPath.validate(path)
    } catch {
      throw .invalidPath(error)
    }
    try PrivateDirectory.prepare(SocketPath.directory(of: path), userID: userID)

    let lockPath = path + ".lock"
    let (lock, lockIdentity) = try takeLock(lockPath, socketPath: path)
    do throws(ServerError) {
      try removeStaleSocket(at: path)
      let (listener, identity) = try bindAndListen(path: path, backlog: backlog)
      return ListeningSocket(
        path: path, listener: listener, lock: lock, lockPath: lockPath, lockIdentity: lockIdentity,
        identity: identity)
    } catch {
      release(lock, at: lockPath, identity: lockIdentity)
      throw error
    }
  }

  /// Removes the lock file if it is still the one locked, then releases the lock: after a stop,
  /// and after a start that took the lock but could not listen, so that neither leaves a lock
  /// file behind. Unlinked while held, so a server starting meanwhile either finds on its check
  /// that the path no longer names the file it locked (and starts over), or opens a new file.
  private static func release(_ lock: FileDescriptor, at lockPath: String, identity: FileStatus) {
    if let current = try? FileStatus.of(lockPath), current.isSameFile(as: identity) {
      try? FileSystem.removeFile(lockPath)
    }
    lock.close()
  }

  /// Opens and locks `lockPath`, then checks that the path still names the file locked: a
  /// server stopping meanwhile unlinks its lock file before releasing it, and a lock on an
  /// unlinked file excludes nobody, so then it starts over on the file now at the path.
  private static func takeLock(
    _ lockPath: String, socketPath: String
  ) throws(ServerError) -> (FileDescriptor, FileStatus) {
    // Each retry means another server stopped in between: a handful is plenty.
    for _ in 0..<100 {
      let lock: FileDescriptor
      do {
        lock = try FileDescriptor.openLockFile(lockPath)
      } catch {
        throw ServerError(error, path: lockPath)
      }
      do throws(ServerError) {
        let locked: Bool
        do { locked = try lock.tryLock() } catch { throw ServerError(error, path: lockPath) }
        guard locked else {
          throw probe(socketPath) == .live
            ? ServerError.alreadyListening(path: socketPath) : ServerError.lockHeld(lockPath: lockPath)
        }
        let held: FileStatus
        let current: FileStatus?
        do {
          held = try FileStatus.of(lock)
          current = try FileStatus.of(lockPath)
        } catch {
          throw ServerError(error, path: lockPath)
        }
        if let current, current.isSameFile(as: held) { return (lock, held) }
      } catch {
        lock.close()
        throw error
      }
      lock.close()
    }
    throw .lockHeld(lockPath: lockPath)
  }

  /// Closes the listener, removes the socket file if it is still the one we bound (a newer
  /// server may have replaced it), then removes the lock file if it is still ours and releases
  /// the lock, so a clean stop leaves the directory as it found it.
  /// - Returns: whether the socket file was removed.
  @discardableResult
  func close() -> Bool {
    listener.close()
    defer { Self.release(lock, at: lockPath, identity: lockIdentity) }
    guard let current = try? FileStatus.of(path), current.kind == .socket, current.isSameFile(as: identity)
    else { return false }
    return (try? FileSystem.removeFile(path)) != nil
  }

  private static func removeStaleSocket(at path: String) throws(ServerError) {
    let status: FileStatus?
    do { status = try FileStatus.of(path) } catch { throw ServerError(error, path: path) }
    guard let status else { return }
    guard status.kind == .socket else { throw .notASocket(path: path, kind: status.kind.rawValue) }
    switch probe(path) {
    case .live:
      throw .alreadyListening(path: path)
    case .stale:
      do { try FileSystem.removeFile(path) } catch { throw ServerError(error, path: path) }
    case .unknown(let error):
      throw ServerError(error, path: path)
    }
  }

  private static func bindAndListen(
    path: String, backlog: Int32
  ) throws(ServerError) -> (FileDescriptor, FileStatus) {
    let listener: FileDescriptor
    do { listener = try UnixSocket.makeStream() } catch { throw ServerError(error, path: nil) }
    var bound = false
    do throws(SystemCallError) {
      try UnixSocket.bind(listener, to: path)
      bound = true
      try FileSystem.setMode(path, 0o600)
      try UnixSocket.listen(listener, backlog: backlog)
      guard let identity = try FileStatus.of(path) else {
        throw SystemCallError("lstat", .noEntry)
      }
      return (listener, identity)
    } catch {
      listener.close()
      if bound { try? FileSystem.removeFile(path) }
      throw ServerError(error, path: path)
    }
  }

  enum Probe: Equatable {
    case live
    case stale
    case unknown(SystemCallError)
  }

  /// Whether a server answers on `path`: a `connect` that succeeds (or finds a full backlog)
  /// says yes; `ECONNREFUSED` or `ENOENT` says the file is stale; anything else, unknown.
  static func probe(_ path: String) -> Probe {
    let socket: FileDescriptor
    do { socket = try UnixSocket.makeStream() } catch { return .unknown(error) }
    defer { socket.close() }
    do {
      try UnixSocket.connect(socket, to: path)
      return .live
    } catch {
      switch error.errno {
      case .wouldBlock, .inProgress: return .live
      case .connectionRefused, .noEntry: return .stale
      default: return .unknown(error)
      }
    }
  }
}
