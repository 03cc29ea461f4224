/// One value handed from one thread to another that waits for it: the agent's server thread
/// waits while the main actor applies a link, so that the reply follows the change.
package final class Handoff<Value: Sendable>: @unchecked Sendable {
  private let condition = ConditionLock()
  // Guarded by `condition`.
  private var value: Value?

  package init() {}

  /// Hands `value` over, waking the thread in ``wait()``.
  package func put(_ value: Value) {
    condition.withLock {
      self.value = value
      condition.broadcast()
    }
  }

  /// Blocks until ``put(_:)`` has been called, and returns its value.
  package func wait() -> Value {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let value { return value }
      condition.wait()
    }
  }
}
