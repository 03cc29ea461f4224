#if canImport(Glibc)
  import Glibc
  import Synchronization
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT and SIGTERM into a byte on each registered wake-up pipe (the self-pipe trick).
///
/// A C signal handler cannot capture context, so the write ends live in a fixed global table
/// that the handler reads; it only calls `write(2)`, which is async-signal-safe. The handlers
/// are installed when the first pipe registers and the previous ones put back when the last
/// one leaves, so a process that stopped serving gets its usual Ctrl-C behaviour back.
enum SignalRelay {
  /// The signals that stop a server cleanly: Ctrl-C, `kill`, and a closed terminal.
  static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Starts relaying stop signals to `wakeUp` (the write end of a non-blocking pipe), and
  /// unblocks them on the calling thread.
  ///
  /// A child inherits its parent's signal mask, and a parent that spawns from a Dispatch or
  /// test-runner thread has SIGTERM blocked there: without the unblock, such an app never
  /// sees SIGTERM and cannot be stopped but by SIGKILL.
  static func register(_ wakeUp: FileDescriptor) {
    unblockStopSignals()
    state.withLock { state in
      guard let free = (0..<slotCount).first(where: { loadSlot($0) < 0 }) else { return }
      storeSlot(free, wakeUp.rawValue)
      state.registered += 1
      if state.registered == 1 {
        for signal in stopSignals {
          var action = sigaction()
          #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = relayStopSignal
          #elseif canImport(Darwin)
            action.__sigaction_u.__sa_handler = relayStopSignal
          #endif
          action.sa_flags = SA_RESTART
          sigemptyset(&action.sa_mask)
          var previous = sigaction()
          _ = sigaction(signal, &action, &previous)
          state.previous.append((signal, previous))
        }
      }
    }
  }

  /// `pthread_sigmask(SIG_UNBLOCK, {SIGINT, SIGTERM})` for the calling thread.
  ///
  /// A process inherits its parent's signal mask: one spawned from a thread that blocks these
  /// signals (a libdispatch worker, as Foundation's `Process` does from a Swift Testing test,
  /// or some supervisors) would otherwise never see SIGTERM and never stop. Not blocked again
  /// when the relay ends: nothing here relies on them being blocked.
  private static func unblockStopSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in stopSignals { sigaddset(&set, signal) }
    _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// Stops relaying to `wakeUp`; the last one out restores the previous handlers.
  static func unregister(_ wakeUp: FileDescriptor) {
    state.withLock { state in
      guard let slot = (0..<slotCount).first(where: { loadSlot($0) == wakeUp.rawValue }) else { return }
      storeSlot(slot, -1)
      state.registered -= 1
      if state.registered == 0 {
        for (signal, previous) in state.previous {
          var action = previous
          _ = sigaction(signal, &action, nil)
        }
        state.previous.removeAll()
      }
    }
  }

  /// `signal(SIGPIPE, SIG_IGN)`: a write to a closed socket fails with `EPIPE` instead of
  /// killing the process. Idempotent.
  static func ignoreBrokenPipe() {
    _ = signal(SIGPIPE, SIG_IGN)
  }

  private struct State {
    var registered = 0
    var previous: [(Int32, sigaction)] = []
  }

  private static let state = Lock(State())
}

private let slotCount = 32

// The write ends the handler writes to, -1 for a free slot. Changed only under
// `SignalRelay.state`'s lock, but read by the handler on whatever thread the signal lands:
// plain loads and stores there are a data race (ThreadSanitizer reported one between a
// handler and `unregister`), so they are atomic where the platform has `Atomic` for us.
#if os(Linux)
  private let slots: InlineArray<32, Atomic<Int32>> = InlineArray { _ in Atomic(-1) }

  private func loadSlot(_ index: Int) -> Int32 { slots[index].load(ordering: .relaxed) }
  private func storeSlot(_ index: Int, _ value: Int32) { slots[index].store(value, ordering: .relaxed) }
#else
  // Darwin: `Atomic` needs macOS 15, above this package's deployment target; aligned
  // 32-bit loads and stores are single instructions there.
  nonisolated(unsafe) private let slots: UnsafeMutablePointer<Int32> = {
    let slots = UnsafeMutablePointer<Int32>.allocate(capacity: slotCount)
    slots.initialize(repeating: -1, count: slotCount)
    return slots
  }()

  private func loadSlot(_ index: Int) -> Int32 { slots[index] }
  private func storeSlot(_ index: Int, _ value: Int32) { slots[index] = value }
#endif

/// The C signal handler: one byte to every registered pipe, `errno` left as it was.
private func relayStopSignal(_ signal: Int32) {
  let savedErrno = errno
  var byte = UInt8(truncatingIfNeeded: signal)
  for index in 0..<slotCount {
    let descriptor = loadSlot(index)
    if descriptor >= 0 { _ = write(descriptor, &byte, 1) }
  }
  errno = savedErrno
}
