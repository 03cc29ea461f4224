#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a program's log lines as soon as it can, without letting a log nobody reads hold up
/// the thread that logs: `deeplink-app 2>&1 | less`, a CI runner that reads its pipe late, a
/// terminal paused with Ctrl-S.
///
/// A regular file (`--log FILE`, `2> app.log`) never waits for a reader: ``append(_:force:)``
/// writes the lines to it at once, so a line is in the file before the reply to the link it
/// records is sent (`deeplink …; grep … app.log` finds it) and a killed program loses nothing
/// it logged. `/dev/null` (`deeplink-app 2>/dev/null &`, what CI scripts write) never waits
/// either and is written at once too: a thread woken for each round, only to discard it, slowed
/// every MCP call (BENCHMARKS.md). Any other descriptor (a pipe, a terminal) is written by a thread of its own:
/// ``append(_:force:)`` copies the lines into a bounded buffer, wakes that thread and returns;
/// the thread writes everything queued with blocking `write(2)`s, and on a descriptor that was
/// inherited non-blocking it waits for room with `poll(2)` instead of losing lines to
/// `EAGAIN`. When the buffer is full, lines are dropped, counted, and reported in their place
/// by one line, `<prefix>N log lines dropped: the log's reader did not keep up`, as soon as
/// there is room again (and at the latest by ``finish(waitingAtMost:)``). Lines are written in
/// the order they were appended.
package final class LogWriter: @unchecked Sendable {
  /// How many bytes may wait for the reader: 1 MiB, some 8,000 lines of `applied …`.
  package static let defaultByteLimit = 1 << 20

  /// Where the lines go (not closed by the writer).
  package let descriptor: Int32
  private let prefix: String
  private let byteLimit: Int
  /// Whether the descriptor is a regular file or `/dev/null`, written by ``append(_:force:)``
  /// itself; else ``append(_:force:)`` wakes the writer's thread.
  package let writesAtOnce: Bool
  private let condition = ConditionLock()
  // Guarded by `condition`.
  private var pending: [UInt8] = []
  private var dropped = 0
  private var finishing = false
  private var done = false

  /// A writer for `descriptor` (not closed by the writer), with a thread of its own unless the
  /// descriptor is a regular file or `/dev/null`.
  ///
  /// - Parameters:
  ///   - prefix: what the "dropped" line starts with, as the program's other lines do.
  ///   - byteLimit: how many bytes may wait for the reader before lines are dropped.
  /// - Throws: the ``Errno`` of `pthread_create` when no thread can be started.
  package init(descriptor: Int32, prefix: String, byteLimit: Int = defaultByteLimit) throws(Errno) {
    self.descriptor = descriptor
    self.prefix = prefix
    self.byteLimit = byteLimit
    self.writesAtOnce =
      (try? FileStatus.of(FileDescriptor(rawValue: descriptor))).map(Self.neverWaits) ?? false
    if writesAtOnce {
      done = true
    } else {
      try BackgroundThread.start { [self] in run() }
    }
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

  /// Writes `lines` (whole lines, each ending in `\n`) to a regular file, or queues them for
  /// the writer thread and returns without waiting for the descriptor. Queued lines that do not
  /// fit in the buffer are dropped and counted, unless `force` (for a program's last line,
  /// which must not be the one that goes missing).
  package func append(_ lines: UnsafeRawBufferPointer, force: Bool = false) {
    guard !lines.isEmpty else { return }
    condition.lock()
    defer { condition.unlock() }
    guard !writesAtOnce else { return writeAll(lines) }
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
    condition.broadcast()
  }

  /// ``append(_:force:)`` of `text`'s UTF-8 bytes.
  package func append(_ text: String, force: Bool = false) {
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0), force: force) }
  }

  /// Reports the lines still counted as dropped, and waits until the writer thread has written
  /// what is queued, or until `milliseconds` have passed (a log nobody reads must not keep the
  /// program from exiting). Later lines are not written.
  package func finish(waitingAtMost milliseconds: Int = 2_000) {
    condition.lock()
    defer { condition.unlock() }
    if dropped > 0 {
      pending.append(contentsOf: droppedLine().utf8)
      dropped = 0
    }
    finishing = true
    condition.broadcast()
    let end = Clocks.monotonicNanoseconds + Int64(milliseconds) * 1_000_000
    while !done {
      guard condition.wait(untilMonotonicNanoseconds: end) else { return }
    }
  }

  /// Whether a write to the file `status` describes never waits for a reader: a regular file,
  /// or the null device (the same device node as `/dev/null`).
  private static func neverWaits(_ status: FileStatus) -> Bool {
    if status.kind == .regularFile { return true }
    guard let null = try? FileStatus.of("/dev/null") else { return false }
    return status.isSameFile(as: null)
  }

  private func droppedLine() -> String {
    "\(prefix)\(dropped) log line\(dropped == 1 ? "" : "s") dropped: the log's reader did not keep up\n"
  }

  /// The writer thread: waits for lines, takes everything queued, writes it without the lock
  /// held, repeats until ``finish(waitingAtMost:)`` and nothing is left.
  private func run() {
    Self.keepBrokenPipeFromSignalling(descriptor)
    var writing: [UInt8] = []
    condition.lock()
    while true {
      while pending.isEmpty, !finishing { condition.wait() }
      if pending.isEmpty {
        done = true
        condition.broadcast()
        condition.unlock()
        return
      }
      swap(&pending, &writing)
      condition.unlock()
      writing.withUnsafeBytes { writeAll($0) }
      writing.removeAll(keepingCapacity: writing.capacity <= 64 * 1024)
      condition.lock()
    }
  }

  /// `write(2)` until all is written (``systemCall(_:_:)``: `EINTR` retried), `EAGAIN` (a
  /// descriptor inherited non-blocking) waited out with `poll(2)`. Any other error (the reader
  /// closed the pipe, a full disk) ends this write; nobody is left to tell.
  private func writeAll(_ bytes: UnsafeRawBufferPointer) {
    let file = FileDescriptor(rawValue: descriptor)
    var offset = 0
    while offset < bytes.count {
      let written: Int?
      do { written = try file.write(UnsafeRawBufferPointer(rebasing: bytes[offset...])) } catch { return }
      if let count = written {
        offset += count
      } else {
        _ = try? PollSet.wait(for: file, events: .writable, deadline: .never)
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

}
