#if canImport(Glibc)
  import Glibc
  import DeepLinkSystemC
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file descriptor. A plain value: whoever holds it calls ``close()`` exactly once.
package struct FileDescriptor: Hashable, Sendable {
  package let rawValue: Int32

  /// The descriptor numbered `rawValue`, open or not; nothing is checked.
  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// Reads up to `buffer.count` bytes with `read(2)`.
  ///
  /// - Returns: the number of bytes read, 0 at end of file, or `nil` when a non-blocking
  ///   descriptor has nothing to read (`EAGAIN`).
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int? {
    do {
      return try systemCall("read") { cRead(rawValue, buffer.baseAddress, buffer.count) }
    } catch let error where error.errno == .wouldBlock {
      return nil
    }
  }

  /// Writes with `send(2)` and `MSG_NOSIGNAL` (a closed peer gives `EPIPE`, never `SIGPIPE`).
  ///
  /// - Returns: the number of bytes written, or `nil` when the socket buffer is full (`EAGAIN`).
  package func send(_ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int? {
    do {
      return try systemCall("send") { cSend(rawValue, bytes.baseAddress, bytes.count, noSignal) }
    } catch let error where error.errno == .wouldBlock {
      return nil
    }
  }

  /// ``read(into:)-(UnsafeMutableRawBufferPointer)`` into an array's storage.
  package func read(into buffer: inout [UInt8]) throws(SystemCallError) -> Int? {
    try buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemCallError) in try read(into: raw) } }
      .get()
  }

  /// ``send(_:)-(UnsafeRawBufferPointer)`` from an array slice's storage.
  package func send(_ bytes: ArraySlice<UInt8>) throws(SystemCallError) -> Int? {
    try bytes.withUnsafeBytes { raw in Result { () throws(SystemCallError) in try send(raw) } }.get()
  }

  /// Writes with `write(2)`, for pipes; `nil` when the pipe is full.
  package func write(_ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int? {
    do {
      return try systemCall("write") { cWrite(rawValue, bytes.baseAddress, bytes.count) }
    } catch let error where error.errno == .wouldBlock {
      return nil
    }
  }

  /// `close(2)`. Not retried on `EINTR`: on Linux the descriptor is gone either way.
  package func close() {
    _ = cClose(rawValue)
  }

  /// Sets `O_NONBLOCK` and `FD_CLOEXEC` with `fcntl(2)`, for descriptors made by calls that
  /// cannot set them atomically (`accept`, `pipe`).
  package func makeNonBlockingAndCloseOnExec() throws(SystemCallError) {
    let flags = try systemCall("fcntl(F_GETFL)") { fcntl(rawValue, F_GETFL) }
    _ = try systemCall("fcntl(F_SETFL)") { fcntl(rawValue, F_SETFL, flags | O_NONBLOCK) }
    _ = try systemCall("fcntl(F_SETFD)") { fcntl(rawValue, F_SETFD, FD_CLOEXEC) }
  }

  /// Opens (creating it 0600 if needed) a lock file with `open(2)`: read-write, close-on-exec,
  /// not following a symbolic link.
  package static func openLockFile(_ path: String) throws(SystemCallError) -> FileDescriptor {
    let flags = O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW
    let raw = try systemCall("open") { open(path, flags, mode_t(0o600)) }
    return FileDescriptor(rawValue: raw)
  }

  /// Takes an exclusive `flock(2)` without waiting.
  ///
  /// - Returns: `false` when another open file description holds the lock (`EWOULDBLOCK`).
  package func tryLock() throws(SystemCallError) -> Bool {
    do {
      _ = try systemCall("flock") { flock(rawValue, LOCK_EX | LOCK_NB) }
      return true
    } catch let error where error.errno == .wouldBlock {
      return false
    }
  }

  /// Makes a pipe, both ends non-blocking and close-on-exec: atomically with `pipe2(2)` on
  /// Linux, with `pipe(2)` and `fcntl` elsewhere.
  package static func makePipe() throws(SystemCallError) -> (read: FileDescriptor, write: FileDescriptor) {
    var ends: [Int32] = [-1, -1]
    #if os(Linux)
      _ = try systemCall("pipe2") { deeplink_pipe_nonblocking_cloexec(&ends) }
      return (read: FileDescriptor(rawValue: ends[0]), write: FileDescriptor(rawValue: ends[1]))
    #else
      _ = try systemCall("pipe") { pipe(&ends) }
      let pair = (read: FileDescriptor(rawValue: ends[0]), write: FileDescriptor(rawValue: ends[1]))
      do {
        try pair.read.makeNonBlockingAndCloseOnExec()
        try pair.write.makeNonBlockingAndCloseOnExec()
      } catch {
        pair.read.close()
        pair.write.close()
        throw error
      }
      return pair
    #endif
  }

}

#if canImport(Glibc)
  private let noSignal = Int32(MSG_NOSIGNAL)

  // The C calls under other names: inside `FileDescriptor`, `read` means the method.
  private func cRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Glibc.read(fd, buffer, count)
  }
  private func cWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    Glibc.write(fd, buffer, count)
  }
  private func cSend(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    Glibc.send(fd, buffer, count, flags)
  }
  private func cClose(_ fd: Int32) -> Int32 {
    Glibc.close(fd)
  }
#elseif canImport(Darwin)
  // Darwin has no MSG_NOSIGNAL; sockets get SO_NOSIGPIPE when they are made.
  private let noSignal: Int32 = 0

  private func cRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Darwin.read(fd, buffer, count)
  }
  private func cWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    Darwin.write(fd, buffer, count)
  }
  private func cSend(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    Darwin.send(fd, buffer, count, flags)
  }
  private func cClose(_ fd: Int32) -> Int32 {
    Darwin.close(fd)
  }
#endif
