/// One connection to a ``LineServer``: send request lines, read reply lines, with deadlines.
///
/// Made for a short-lived CLI: connecting costs a `socket` and a `connect`, nothing else.
/// One connection can carry many requests in a row.
///
///     let client = try LineClient.connect(path: path, deadline: .after(milliseconds: 2_000))
///     try client.send(#"{"op":"ping"}"#)
///     let reply = try client.readLine(deadline: .after(milliseconds: 5_000))
///     client.close()
///
/// Not thread-safe: one owner at a time. The descriptor is closed by ``close()`` or, failing
/// that, when the client is released.
package final class LineClient {
  /// The socket path this client connected to.
  package let path: String
  private var descriptor: FileDescriptor?
  private var framer: LineFramer
  /// What each read fills, kept from one reply to the next rather than allocated and zeroed
  /// for each (an MCP session reads thousands).
  private var chunk = [UInt8](repeating: 0, count: 4096)

  private init(path: String, descriptor: FileDescriptor, maximumLineLength: Int) {
    self.path = path
    self.descriptor = descriptor
    self.framer = LineFramer(maximumLineLength: maximumLineLength)
  }

  deinit {
    descriptor?.close()
  }

  /// Connects to the server listening on `path`.
  ///
  /// - Parameters:
  ///   - deadline: when to give up if the server's backlog stays full.
  ///   - maximumLineLength: the longest reply line accepted.
  /// - Throws: ``SocketError/noListener(path:)`` when nobody listens, ``SocketError/timedOut(path:)``,
  ///   ``SocketError/permissionDenied(path:)``, ``SocketError/invalidPath(_:)``, or
  ///   ``SocketError/system(call:errno:)``.
  package static func connect(
    path: String, deadline: Deadline = .never,
    maximumLineLength: Int = LineFramer.defaultMaximumLineLength
  ) throws(SocketError) -> LineClient {
    do {
      try SocketPath.validate(path)
    } catch {
      throw .invalidPath(error)
    }
    // No change to SIGPIPE here: sends use MSG_NOSIGNAL (SO_NOSIGPIPE on Darwin), and the
    // host process keeps its own disposition for its other descriptors (a CLI's stdout).
    let socket: FileDescriptor
    do {
      socket = try UnixSocket.makeStream()
    } catch {
      throw .system(call: error.call, errno: error.errno)
    }
    do {
      try connect(socket, path: path, deadline: deadline)
    } catch .noListener {
      socket.close()
      // `connect` says ECONNREFUSED for a regular file or a directory too: say what it is.
      if let status = try? FileStatus.of(path), status.kind != .socket {
        throw .notASocket(path: path, kind: status.kind.rawValue)
      }
      throw .noListener(path: path)
    } catch {
      socket.close()
      throw error
    }
    return LineClient(path: path, descriptor: socket, maximumLineLength: maximumLineLength)
  }

  /// `connect` on a non-blocking socket: `EAGAIN` (a full backlog, Linux) is retried every
  /// millisecond; `EINPROGRESS` (Darwin) is waited for with `poll`. `EINTR` is not retried:
  /// after it a connection may be under way and a second `connect` would fail.
  private static func connect(
    _ socket: FileDescriptor, path: String, deadline: Deadline
  ) throws(SocketError) {
    while true {
      do {
        try UnixSocket.connect(socket, to: path)
        return
      } catch let error where error.errno == .wouldBlock {
        guard !deadline.hasPassed else { throw .timedOut(path: path) }
        Clocks.sleep(milliseconds: 1)
      } catch let error where error.errno == .inProgress {
        let events = try wait(socket, for: .writable, deadline: deadline, path: path)
        guard !events.isEmpty else { throw .timedOut(path: path) }
        let pending: Errno?
        do { pending = try UnixSocket.pendingError(socket) } catch {
          throw .system(call: error.call, errno: error.errno)
        }
        guard let pending else { return }
        throw classify(SystemCallError("connect", pending), path: path)
      } catch {
        throw classify(error, path: path)
      }
    }
  }

  /// Sends `line` and a `\n`, waiting for room in the socket buffer until `deadline`.
  ///
  /// - Throws: ``SocketError/connectionClosed(path:)`` if the server has gone,
  ///   ``SocketError/timedOut(path:)``.
  package func send(_ line: String, deadline: Deadline = .never) throws(SocketError) {
    var bytes = Array(line.utf8)
    bytes.append(UInt8(ascii: "\n"))
    try write(bytes, deadline: deadline)
  }

  /// Writes `bytes` as they are (no `\n` added), waiting for room until `deadline`.
  func write(_ bytes: [UInt8], deadline: Deadline) throws(SocketError) {
    let socket = try openDescriptor()
    var offset = 0
    while offset < bytes.count {
      let written: Int?
      do {
        written = try socket.send(bytes[offset...])
      } catch {
        throw Self.classify(error, path: path)
      }
      if let written {
        offset += written
      } else {
        let events = try Self.wait(socket, for: .writable, deadline: deadline, path: path)
        guard !events.isEmpty else { throw .timedOut(path: path) }
      }
    }
  }

  /// Reads the next reply line (without its `\n`), waiting until `deadline`.
  ///
  /// - Throws: ``SocketError/timedOut(path:)``, ``SocketError/connectionClosed(path:)`` when the
  ///   server closes before a whole line, ``SocketError/lineTooLong(path:limit:)``.
  package func readLine(deadline: Deadline = .never) throws(SocketError) -> [UInt8] {
    try readLine(deadline: deadline, waitingFirst: false)
  }

  /// ``readLine(deadline:)``; with `waitingFirst`, when no whole line is buffered, waits for
  /// the socket to be readable before the first read instead of trying it: a reply just asked
  /// for is never there yet, and the read that would say so is a system call for nothing.
  private func readLine(deadline: Deadline, waitingFirst: Bool) throws(SocketError) -> [UInt8] {
    let socket = try openDescriptor()
    var waits = waitingFirst
    while true {
      do {
        if let line = try framer.nextLine() { return Array(line) }
      } catch {
        throw .lineTooLong(path: path, limit: framer.maximumLineLength)
      }
      if waits {
        waits = false
        let events = try Self.wait(socket, for: .readable, deadline: deadline, path: path)
        guard !events.isEmpty else { throw .timedOut(path: path) }
      }
      let count: Int?
      do {
        count = try socket.read(into: &chunk)
      } catch {
        throw Self.classify(error, path: path)
      }
      switch count {
      case .none:
        let events = try Self.wait(socket, for: .readable, deadline: deadline, path: path)
        guard !events.isEmpty else { throw .timedOut(path: path) }
      case 0?:
        throw .connectionClosed(path: path)
      case let count?:
        framer.append(chunk[..<count])
      }
    }
  }

  /// Sends `line` and reads its reply: one request, one reply, one deadline.
  package func request(_ line: String, deadline: Deadline = .never) throws(SocketError) -> [UInt8] {
    try send(line, deadline: deadline)
    return try readLine(deadline: deadline, waitingFirst: true)
  }

  /// Whether the connection is idle and still open: nothing to read and no end of file, seen
  /// with one non-blocking `read(2)`, no round trip. `false` once the server closed it (its
  /// process exited, or it dropped an idle connection) or sent bytes no request asked for
  /// (then the connection is not to be trusted for the next reply).
  package var isIdleAndOpen: Bool {
    guard let socket = descriptor, framer.bufferedByteCount == 0 else { return false }
    do {
      return try socket.read(into: &chunk) == nil
    } catch {
      return false
    }
  }

  /// Closes the connection. Further calls throw ``SocketError/connectionClosed(path:)``.
  package func close() {
    descriptor?.close()
    descriptor = nil
  }

  private func openDescriptor() throws(SocketError) -> FileDescriptor {
    guard let descriptor else { throw .connectionClosed(path: path) }
    return descriptor
  }

  private static func wait(
    _ socket: FileDescriptor, for events: PollEvents, deadline: Deadline, path: String
  ) throws(SocketError) -> PollEvents {
    do {
      return try PollSet.wait(for: socket, events: events, deadline: deadline)
    } catch {
      throw .system(call: error.call, errno: error.errno)
    }
  }

  /// Maps a failed call to what the CLI reports.
  static func classify(_ error: SystemCallError, path: String) -> SocketError {
    switch error.errno {
    case .noEntry, .connectionRefused: .noListener(path: path)
    case .accessDenied, .notPermitted: .permissionDenied(path: path)
    case .brokenPipe, .connectionReset, .notConnected: .connectionClosed(path: path)
    default: .system(call: error.call, errno: error.errno)
    }
  }
}
