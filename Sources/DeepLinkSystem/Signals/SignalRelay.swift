import DeepLinkSystemC

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT, SIGTERM and SIGHUP into a byte on each registered wake-up pipe (the self-pipe
/// trick).
///
/// A C signal handler cannot capture context, so the write ends live in a fixed global table
/// of ``slotCount`` slots that the handler reads; it only calls `write(2)`, which is
/// async-signal-safe. The table, its counter and the handler are C (`DeepLinkSystemC`): C11
/// atomics are lock-free and sequentially consistent on every platform the package supports,
/// where Swift's `Atomic` needs macOS 15 / iOS 18. The handlers are installed when the first pipe registers and the
/// previous ones put back when the last one leaves, so a process that stopped serving gets its
/// usual Ctrl-C behaviour back.
///
/// A handler that has read a slot may still be about to write to that descriptor when
/// ``unregister(_:)`` frees the slot on another thread; if the caller then closed the pipe and
/// the number were reused (a new connection, a file), the byte would land there. So every
/// handler counts itself in and out, and ``unregister(_:)`` returns only once no handler is
/// running: after that, none can hold the old descriptor.
package enum SignalRelay {
  /// The signals that stop a server cleanly: Ctrl-C, `kill`, and a closed terminal.
  package static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// How many pipes can be registered at once: one per server in the process that stops on
  /// signals.
  package static let slotCount = Int(DEEPLINK_SIGNAL_RELAY_SLOT_COUNT)

  /// All ``slotCount`` slots are taken.
  package struct Full: Error, Hashable {}

  /// Starts relaying stop signals to `wakeUp` (the write end of a non-blocking pipe), and
  /// unblocks them on the calling thread.
  ///
  /// A child inherits its parent's signal mask, and a parent that spawns from a Dispatch or
  /// test-runner thread has SIGTERM blocked there: without the unblock, such an app never
  /// sees SIGTERM and cannot be stopped but by SIGKILL.
  ///
  /// - Throws: ``Full`` when ``slotCount`` pipes are registered already; nothing changes.
  package static func register(_ wakeUp: FileDescriptor) throws(Full) {
    try state.withLock { state throws(Full) in
      guard let free = (0..<slotCount).first(where: { loadSlot($0) < 0 }) else { throw Full() }
      storeSlot(free, wakeUp.rawValue)
      state.registered += 1
      if state.registered == 1 {
        for signal in stopSignals {
          var action = sigaction()
          #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = deeplink_signal_relay_handler
          #elseif canImport(Darwin)
            action.__sigaction_u.__sa_handler = deeplink_signal_relay_handler
          #endif
          action.sa_flags = SA_RESTART
          sigemptyset(&action.sa_mask)
          var previous = sigaction()
          _ = sigaction(signal, &action, &previous)
          state.previous.append((signal, previous))
        }
      }
    }
    unblockStopSignals()
  }

  /// `pthread_sigmask(SIG_UNBLOCK, {SIGINT, SIGTERM, SIGHUP})` for the calling thread.
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

  /// Stops relaying to `wakeUp`; the last one out restores the previous handlers. Returns once
  /// no handler can still write to `wakeUp`, so the caller may close it.
  package static func unregister(_ wakeUp: FileDescriptor) {
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
    // A handler that read the slot before it was freed is counted in `running` from before
    // its read: wait until it is out. (A handler interrupting this very thread runs to its
    // end before this loop resumes, so it cannot keep the count up.)
    while handlersRunning() > 0 { sched_yield() }
  }

  private struct State {
    var registered = 0
    var previous: [(Int32, sigaction)] = []
  }

  private static let state = Lock(State())
}

private func loadSlot(_ index: Int) -> Int32 { deeplink_signal_relay_slot(Int32(index)) }
private func storeSlot(_ index: Int, _ value: Int32) { deeplink_signal_relay_set_slot(Int32(index), value) }
private func handlersRunning() -> Int { deeplink_signal_relay_handlers_running() }

/// The handler's protocol, for tests: runs `body` as a handler that has read its slots and
/// not yet written would, counted as running.
package func asIfInSignalHandler(_ body: () -> Void) {
  deeplink_signal_relay_enter_handler()
  body()
  deeplink_signal_relay_leave_handler()
}
