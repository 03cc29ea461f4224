#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  @preconcurrency import Darwin
#endif

/// Passes SIGINT, SIGTERM and SIGHUP on to a child's process group while ``ChildProcess``
/// waits for it, then lets the signal end `deeplink` as it would have.
///
/// The child runs in a process group of its own (so that a time-out can kill all of it), which
/// also means a Ctrl-C in the terminal no longer reaches it: without this, interrupting
/// `deeplink` would leave `adb` or `simctl` running.
package enum SignalForwarding {
  /// The signals passed on.
  package static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// The process group to forward to; 0 when none. Written only outside the handler, read by
  /// the handler (an aligned 32-bit load, as `sig_atomic_t` is).
  nonisolated(unsafe) private static var group: pid_t = 0

  /// Starts forwarding to `group`.
  package static func begin(group: Int32) {
    Self.group = group
    for signal in signals {
      setSignalAction(signal) { received in
        let group = SignalForwarding.group
        if group > 0 { kill(-group, received) }
        // Back to the default action, then the same signal again: deeplink ends as the
        // signal says (status 128 + n for a shell).
        setSignalAction(received, nil)
        raise(received)
      }
    }
  }

  /// Stops forwarding: the default actions again.
  package static func end() {
    for signal in signals { setSignalAction(signal, nil) }
    group = 0
  }
}

/// `signal(2)`; `nil` restores the default action (`SIG_DFL`).
private func setSignalAction(_ signal: Int32, _ handler: (@convention(c) (Int32) -> Void)?) {
  var action = sigaction()
  #if canImport(Darwin)
    action.__sigaction_u.__sa_handler = handler
  #else
    action.__sigaction_handler.sa_handler = handler
  #endif
  sigemptyset(&action.sa_mask)
  action.sa_flags = 0
  sigaction(signal, &action, nil)
}
