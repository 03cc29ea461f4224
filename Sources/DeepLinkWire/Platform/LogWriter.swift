#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a program's log lines on a thread of its own, so that a log nobody reads never holds
/// up the thread that logs: `deeplink-app 2>&1 | less`, a CI runner that reads its pipe late,
/// a terminal paused with Ctrl-S.
///
/// The logging thread hands over whole lines with ``append(_:force:)``, which copies them into
/// a bounded buffer and returns: it never waits for the descriptor. The writer thread writes the
/// buffer out with blocking `write(2)`s, and on a descriptor that was inherited non-blocking
/// it waits for room with `poll(2)` instead of losing lines to `EAGAIN`. When the buffer is
/// full, lines are dropped, counted, and reported in their place by one line,
/// `<prefix>N log lines dropped: the log's reader did not keep up`, as soon as there is room
/// again (and at the latest by ``finish(waitingAtMost:)``). Lines are written in the order
/// they were appended.
///
/// Lines are gathered, not written one hand-over at a time: once the first lines of a batch
/// arrive, the writer waits ``gatheringWindow`` (5 ms by default) for more before it takes
/// the buffer, unless ``writeThreshold`` bytes (64 KiB) are waiting first or ``finish(waitingAtMost:)``
/// is called. A line so reaches the descriptor at most about 5 ms after it was appended while
/// the reader keeps up, and a busy program makes one `write(2)` per window or per 64 KiB
/// instead of one per hand-over. ``append(_:force:)`` wakes the writer only when it waits for
/// a first line or the threshold is passed: the server loop's hand-over once per round is a
/// lock, a copy and an unlock, no system call (`deeplink-app` logging 16 pipelined links a
/// round: BENCHMARKS.md, "The log's wake-ups").
package final class LogWriter: @unchecked Sendable {
  /// How many bytes may wait for the reader: 1 MiB, some 8,000 lines of `applied …`.
  package static let defaultByteLimit = 1 << 20
  /// How long the writer gathers lines before it writes them: 5 ms, unnoticeable in a log a
  /// person reads, some 80 rounds of the busiest server loop.
  package static let defaultGatheringWindow = 5
  /// How many waiting bytes end the gathering early: 64 KiB, a Linux pipe's default capacity.
  package static let defaultWriteThreshold = 64 * 1024

  /// Where the lines go (not closed by the writer).
  package let descriptor: Int32
  /// Milliseconds the writer gathers lines before writing them.
  package let gatheringWindow: Int
  /// Waiting bytes that end the gathering at once.
  package let writeThreshold: Int
  private let prefix: String
  private let byteLimit: Int
  private let condition = ConditionLock()
  // Guarded by `condition`.
  private var pending: [UInt8] = []
  private var dropped = 0
  private var finishing = false
  private var done = false
  private var writer = WriterState.writing

  /// What the writer thread is doing, so that ``append(_:force:)`` wakes it only when it
  /// waits for lines it has not got.
  private enum WriterState {
    /// Waiting for a first line: an append wakes it.
    case idle
    /// Waiting out the gathering window: only a passed threshold wakes it.
    case gathering
    /// Writing, or woken already: it looks at the buffer again before it waits.
    case writing
  }

  /// Starts the writer thread for `descriptor` (not closed by the writer).
  ///
  /// - Parameters:
  ///   - prefix: what the "dropped" line starts with, as the program's other lines do.
  ///   - byteLimit: how many bytes may wait for the reader before lines are dropped.
  ///   - gatheringWindow: milliseconds the writer waits for more lines once some arrived;
  ///     0 writes each hand-over as soon as the writer gets to it.
  ///   - writeThreshold: waiting bytes that end the window early (at most `byteLimit`).
  /// - Throws: the ``Errno`` of `pthread_create` when no thread can be started.
  package init(
    descriptor: Int32, prefix: String, byteLimit: Int = defaultByteLimit,
    gatheringWindow: Int = defaultGatheringWindow, writeThreshold: Int = defaultWriteThreshold
  ) throws(Errno) {
    self.descriptor = descriptor
    self.prefix = prefix
    self.byteLimit = byteLimit
    self.gatheringWindow = max(0, gatheringWindow)
    self.writeThreshold = max(1, min(writeThreshold, byteLimit))
    try BackgroundThread.start { [self] in run() }
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

  /// Queues `lines` (whole lines, each ending in `\n`) and returns without waiting for the
  /// descriptor. The lines that do not fit in the buffer are dropped and counted, unless
  /// `force` (for a program's last line, which must not be the one that goes missing).
  package func append(_ lines: UnsafeRawBufferPointer, force: Bool = false) {
    guard !lines.isEmpty else { return }
    condition.lock()
    defer { condition.unlock() }
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
    switch writer {
    case .idle where !pending.isEmpty, .gathering where pending.count >= writeThreshold:
      writer = .writing
      condition.broadcast()
    case .idle, .gathering, .writing:
      break
    }
  }

  /// ``append(_:force:)`` of `text`'s UTF-8 bytes.
  package func append(_ text: String, force: Bool = false) {
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0), force: force) }
  }

  /// Reports the lines still counted as dropped, lets the writer write what is queued at once
  /// (no gathering window), and waits until it has, or until `milliseconds` have passed (a log
  /// nobody reads must not keep the program from exiting). Later lines are not written.
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

  /// Whether the writer is waiting out a gathering window (lines queued, none written yet):
  /// for tests that need the writer there before they pass the threshold.
  var isGathering: Bool {
    condition.withLock { writer == .gathering }
  }

  private func droppedLine() -> String {
    "\(prefix)\(dropped) log line\(dropped == 1 ? "" : "s") dropped: the log's reader did not keep up\n"
  }

  /// The writer thread: waits for lines, gathers more for the window (or until the threshold
  /// or ``finish(waitingAtMost:)``), takes everything queued, writes it without the lock
  /// held, repeats.
  private func run() {
    Self.keepBrokenPipeFromSignalling(descriptor)
    let window = Int64(gatheringWindow) * 1_000_000
    var writing: [UInt8] = []
    condition.lock()
    while true {
      while pending.isEmpty, !finishing {
        writer = .idle
        condition.wait()
      }
      if !finishing, pending.count < writeThreshold, window > 0 {
        let end = Clocks.monotonicNanoseconds + window
        writer = .gathering
        while !finishing, pending.count < writeThreshold, condition.wait(untilMonotonicNanoseconds: end) {
          writer = .gathering
        }
      }
      writer = .writing
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

}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  private let systemWrite = Darwin.write
#endif
