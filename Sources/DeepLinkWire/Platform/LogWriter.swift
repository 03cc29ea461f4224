#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a program's log lines on a thread of its own, so that a log nobody reads never holds
/// up the thread that logs: `deeplink-app 2>&1 | less`, a CI runner that reads its pipe late,
/// a terminal paused with Ctrl-S.
///
/// The logging thread hands over whole lines with ``append(_:)``, which copies them into a
/// bounded buffer and returns: it never waits for the descriptor. The writer thread writes the
/// buffer out with blocking `write(2)`s, and on a descriptor that was inherited non-blocking
/// it waits for room with `poll(2)` instead of losing lines to `EAGAIN`. When the buffer is
/// full, lines are dropped, counted, and reported in their place by one line,
/// `<prefix>N log lines dropped: the log's reader did not keep up`, as soon as there is room
/// again (and at the latest by ``finish(waitingAtMost:)``).
package final class LogWriter: @unchecked Sendable {
  /// How many bytes may wait for the reader: 1 MiB, some 8,000 lines of `applied …`.
  package static let defaultByteLimit = 1 << 20

  private let descriptor: Int32
  private let prefix: String
  private let byteLimit: Int
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  // Guarded by `mutex`.
  private var pending: [UInt8] = []
  private var dropped = 0
  private var finishing = false
  private var done = false

  /// Starts the writer thread for `descriptor` (not closed by the writer).
  ///
  /// - Parameters:
  ///   - prefix: what the "dropped" line starts with, as the program's other lines do.
  ///   - byteLimit: how many bytes may wait for the reader before lines are dropped.
  /// - Throws: the ``Errno`` of `pthread_create` when no thread can be started.
  package init(descriptor: Int32, prefix: String, byteLimit: Int = defaultByteLimit) throws(Errno) {
    self.descriptor = descriptor
    self.prefix = prefix
    self.byteLimit = byteLimit
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    _ = pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    _ = pthread_cond_init(condition, nil)
    try BackgroundThread.start { [self] in run() }
  }

  deinit {
    _ = pthread_cond_destroy(condition)
    _ = pthread_mutex_destroy(mutex)
    condition.deinitialize(count: 1)
    condition.deallocate()
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Opens `path` for appending the log (`open(2)`, created 0600, close-on-exec).
  ///
  /// - Returns: the descriptor, for ``init(descriptor:prefix:byteLimit:)``.
  /// - Throws: the ``Errno`` of `open`.
  package static func openAppending(_ path: String) throws(Errno) -> Int32 {
    do {
      return try systemCall("open") { open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, mode_t(0o600)) }
    } catch {
      throw error.errno
    }
  }

  /// Queues `lines` (whole lines, each ending in `\n`) and returns without waiting. The lines
  /// that do not fit in the buffer are dropped and counted, unless `force` (for a program's
  /// last line, which must not be the one that goes missing).
  package func append(_ lines: UnsafeRawBufferPointer, force: Bool = false) {
    guard !lines.isEmpty else { return }
    lock()
    defer { unlock() }
    let room = byteLimit - pending.count
    if dropped > 0, room > 0 || force {
      pending.append(contentsOf: droppedLine().utf8)
      dropped = 0
    }
    if force || lines.count <= byteLimit - pending.count {
      pending.append(contentsOf: lines)
    } else {
      // Whole lines only: up to the last `\n` that fits, the rest dropped.
      let fits = max(0, byteLimit - pending.count)
      var cut = fits
      while cut > 0, lines[cut - 1] != UInt8(ascii: "\n") { cut -= 1 }
      pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: lines[..<cut]))
      dropped += lines[cut...].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
    _ = pthread_cond_signal(condition)
  }

  /// ``append(_:force:)`` of `text`'s UTF-8 bytes.
  package func append(_ text: String, force: Bool = false) {
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0), force: force) }
  }

  /// Reports the lines still counted as dropped, lets the writer write what is queued, and
  /// waits until it has, or until `milliseconds` have passed (a log nobody reads must not
  /// keep the program from exiting). Later lines are not written.
  package func finish(waitingAtMost milliseconds: Int = 2_000) {
    lock()
    defer { unlock() }
    if dropped > 0 {
      pending.append(contentsOf: droppedLine().utf8)
      dropped = 0
    }
    finishing = true
    _ = pthread_cond_signal(condition)
    let end = Clocks.epochMilliseconds + Int64(milliseconds)
    while !done {
      let now = Clocks.epochMilliseconds
      guard now < end else { return }
      var until = timespec(tv_sec: Int(end / 1000), tv_nsec: Int(end % 1000) * 1_000_000)
      _ = pthread_cond_timedwait(condition, mutex, &until)
    }
  }

  private func droppedLine() -> String {
    "\(prefix)\(dropped) log line\(dropped == 1 ? "" : "s") dropped: the log's reader did not keep up\n"
  }

  /// The writer thread: takes everything queued, writes it without the lock held, repeats.
  private func run() {
    Self.keepBrokenPipeFromSignalling(descriptor)
    var writing: [UInt8] = []
    lock()
    while true {
      while pending.isEmpty, !finishing { _ = pthread_cond_wait(condition, mutex) }
      if pending.isEmpty {
        done = true
        _ = pthread_cond_broadcast(condition)
        unlock()
        return
      }
      swap(&pending, &writing)
      unlock()
      writing.withUnsafeBytes { writeAll($0) }
      writing.removeAll(keepingCapacity: writing.capacity <= 64 * 1024)
      lock()
    }
  }

  /// `write(2)` until all is written: `EINTR` retried, `EAGAIN` (a descriptor inherited
  /// non-blocking) waited out with `poll(2)`. Any other error (the reader closed the pipe,
  /// a full disk) ends this write; nobody is left to tell.
  private func writeAll(_ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count {
      let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if count >= 0 {
        offset += count
      } else if errno == EAGAIN || errno == EWOULDBLOCK {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&entry, 1, -1)
      } else if errno != EINTR {
        return
      }
    }
  }

  /// Makes a write to `descriptor` whose reader went away (`deeplink-app 2>&1 | head -1`) fail
  /// with `EPIPE` on this thread, whatever the process's SIGPIPE disposition, which stays the
  /// host's. Linux raises the signal on the writing thread (`pipe_write`), so blocking it on
  /// this thread, which writes nothing else, is enough; the pending signal ends with the
  /// thread. XNU raises it on the process (`psignal` in `sys_generic.c`'s write path) unless
  /// the open file has `F_SETNOSIGPIPE`, so there the log's descriptor gets that flag (shared
  /// by whoever shares that open file: they too get `EPIPE` on a pipe nobody reads).
  private static func keepBrokenPipeFromSignalling(_ descriptor: Int32) {
    var brokenPipe = sigset_t()
    sigemptyset(&brokenPipe)
    sigaddset(&brokenPipe, SIGPIPE)
    _ = pthread_sigmask(SIG_BLOCK, &brokenPipe, nil)
    #if canImport(Darwin)
      _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
    #endif
  }

  private func lock() { _ = pthread_mutex_lock(mutex) }
  private func unlock() { _ = pthread_mutex_unlock(mutex) }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  private let systemWrite = Darwin.write
#endif
