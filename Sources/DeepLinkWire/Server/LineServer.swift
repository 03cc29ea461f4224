/// Serves one-line requests on a Unix-domain socket, one line at a time, in arrival order.
///
/// The transport of the app: it knows nothing about routes. A single thread runs a `poll` loop
/// that owns every connection (no Dispatch, no tasks); the handler is called synchronously for
/// each complete request line and appends the reply line, so the app applies links one at a
/// time and each completely.
///
///     let server = LineServer(path: SocketPath.resolve(explicit: nil))
///     try server.run { line, reply in
///       let text = line.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
///       reply += (text == "ping" ? "pong" : #"{"ok":false}"#).utf8
///     }
///
/// Guarantees:
/// - Lines on one connection are answered in order, each reply on its own line; a client may
///   pipeline many requests.
/// - Only clients running as this process's uid are served (`SO_PEERCRED`/`getpeereid`):
///   others get one ``Rejection/foreignPeer(peer:server:)`` line and are closed.
/// - A line longer than ``Options/maximumLineLength`` gets one ``Rejection/lineTooLong(limit:)``
///   line, then the connection is closed. A connection idle for
///   ``Options/idleTimeoutMilliseconds`` is closed.
/// - Bytes are not decoded: invalid UTF-8 and NUL bytes reach the handler as they came, and
///   the handler decides what to answer. A line never contains `\n`; a final `\r` is removed.
/// - ``run(onListening:beforeSending:handler:)`` returns after ``stop()`` or SIGINT, SIGTERM or SIGHUP, having removed the socket
///   file (if it is still ours) and released the lock.
/// - The process's signal dispositions are left alone (SIGPIPE included): a client that
///   goes away before its reply costs its connection only.
package final class LineServer: Sendable {
  /// Answers one request line (without its `\n`, a view of the connection's input buffer) by
  /// appending the reply line's bytes, without `\n`, to `reply`: the connection's output,
  /// where the server puts the `\n` after it. Appends only; a `\n` inside the reply would
  /// split it.
  package typealias Handler = (_ line: Span<UInt8>, _ reply: inout [UInt8]) -> Void

  /// The socket path served.
  package let path: String
  package let options: Options
  private let control = Lock(Control())

  private struct Control {
    var stopRequested = false
    var wakeUp: FileDescriptor?
  }

  package init(path: String, options: Options = Options()) {
    self.path = path
    self.options = options
  }

  /// Makes ``run(onListening:beforeSending:handler:)`` return soon, from any thread. Stopping is final: a server that was
  /// asked to stop before `run` returns from `run` at once.
  package func stop() {
    control.withLock { control in
      control.stopRequested = true
      if let wakeUp = control.wakeUp {
        var byte: UInt8 = 1
        _ = withUnsafeBytes(of: &byte) { try? wakeUp.write($0) }
      }
    }
  }

  /// Starts listening and serves until ``stop()`` or SIGINT, SIGTERM or SIGHUP.
  ///
  /// - Parameters:
  ///   - onListening: called once the socket is bound and listening, before the first client is
  ///     served: the moment to say "listening" (not earlier, when the start may still fail).
  ///   - beforeSending: called on this thread once per round of the loop, after the handler
  ///     has answered the lines that arrived and before their replies are sent (and again
  ///     before each later send of lines that waited for room). The place to write out what
  ///     the handler buffered, such as log lines: in one write per round, and before the
  ///     replies they belong to reach the clients.
  ///   - afterSending: called on this thread once per round, after the round's replies were
  ///     handed to the sockets: the moment for work that must not delay them, such as waking a
  ///     thread that writes the log to a pipe.
  ///   - handler: called on this thread for each request line, in arrival order, to append
  ///     its reply (see ``Handler``).
  /// - Returns: whether the socket file was removed on the way out (it is left alone when
  ///   something else replaced it meanwhile).
  /// - Throws: ``ServerError`` when the server cannot start (unsafe directory, another server
  ///   on the path, a file in the way) or `poll` fails.
  @discardableResult
  package func run(
    onListening: () -> Void = {}, beforeSending: () -> Void = {}, afterSending: () -> Void = {},
    handler: Handler
  ) throws(ServerError) -> Bool {
    // SIGPIPE is left as the host set it: replies go out with `send(2)` and MSG_NOSIGNAL
    // (SO_NOSIGPIPE on Darwin, set on every socket), so a client gone before its reply is an
    // EPIPE for its connection, never a signal for the process.
    let userID = FileSystem.userID
    // The wake-up pipe and the signal handlers come first: once a client can connect,
    // SIGTERM already stops the server cleanly.
    let pipe: (read: FileDescriptor, write: FileDescriptor)
    do { pipe = try FileDescriptor.makePipe() } catch { throw ServerError(error, path: nil) }
    let stopped = control.withLock { control in
      control.wakeUp = pipe.write
      return control.stopRequested
    }
    var relaying = false
    defer {
      // Unregistering waits for any signal handler still writing to the pipe: only then is
      // it safe to close it (its number could otherwise be reused under the handler).
      if relaying { SignalRelay.unregister(pipe.write) }
      control.withLock { $0.wakeUp = nil }
      pipe.read.close()
      pipe.write.close()
    }
    if options.stopsOnSignals {
      do {
        try SignalRelay.register(pipe.write)
      } catch {
        throw .tooManySignalRelays(limit: SignalRelay.slotCount)
      }
      relaying = true
    }
    guard !stopped else { return false }

    let socket = try ListeningSocket.open(path: path, backlog: options.backlog, userID: userID)
    onListening()
    var loop = ServerLoop(listener: socket.listener, wakeUp: pipe.read, options: options, userID: userID)
    do {
      try loop.run(beforeSending: beforeSending, afterSending: afterSending, handler: handler)
    } catch {
      socket.close()
      throw ServerError(error, path: nil)
    }
    return socket.close()
  }
}
