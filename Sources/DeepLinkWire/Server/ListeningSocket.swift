/// The server's bound, listening socket with its lock: safe start-up and tidy tear-down.
///
/// Start-up, in order (tmux's and ssh-agent's practice):
/// 1. the path is checked and its directory made private (``PrivateDirectory``);
/// 2. `flock` on `<socket>.lock`, so two servers never race for one path;
/// 3. an existing socket file is probed with `connect`: `ECONNREFUSED`/`ENOENT` means stale,
///    so it is removed; a connection (or `EAGAIN`, a full backlog) means a live server, which
///    is left alone; anything that is not a socket is never removed;
/// 4. `socket`, `bind` under `umask(0o177)` (the socket file is 0600), `listen`.
struct ListeningSocket {
  let path: String
  let listener: FileDescriptor
  private let lock: FileDescriptor
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
        throw probe(path) == .live
          ? ServerError.alreadyListening(path: path) : ServerError.lockHeld(lockPath: lockPath)
      }
      try removeStaleSocket(at: path)
      let (listener, identity) = try bindAndListen(path: path, backlog: backlog)
      return ListeningSocket(path: path, listener: listener, lock: lock, identity: identity)
    } catch {
      lock.close()
      throw error
    }
  }

  /// Closes the listener, removes the socket file if it is still the one we bound (a newer
  /// server may have replaced it), and releases the lock.
  /// Closes the listener, removes the socket file if it is still ours, releases the lock.
  /// - Returns: whether the socket file was removed.
  @discardableResult
  func close() -> Bool {
    listener.close()
    defer { lock.close() }
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
      try FileSystem.withUmask(0o177) { () throws(SystemCallError) in
        try UnixSocket.bind(listener, to: path)
      }
      bound = true
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
