#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A detached POSIX thread: where an agent inside an app runs its server loop, so that the
/// app's own run loop (a SwiftUI app's main thread) stays free. No Dispatch, no Foundation.
package enum BackgroundThread {
  /// Starts `body` on a new detached thread.
  ///
  /// - Throws: the ``Errno`` of `pthread_create` when the system refuses a thread (`EAGAIN`).
  package static func start(_ body: @escaping @Sendable () -> Void) throws(Errno) {
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t? = nil
    #else
      var thread = pthread_t()
    #endif
    let result = pthread_create(
      &thread, nil,
      { context in
        #if canImport(Darwin)
          let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
        #else
          let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
        #endif
        box.body()
        return nil
      }, context)
    guard result == 0 else {
      Unmanaged<Box>.fromOpaque(context).release()
      throw Errno(rawValue: result)
    }
    #if canImport(Darwin)
      if let thread { pthread_detach(thread) }
    #else
      pthread_detach(thread)
    #endif
  }

  private final class Box: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}

/// One value handed from one thread to another that waits for it: the agent's server thread
/// waits while the main actor applies a link, so that the reply follows the change.
package final class Handoff<Value: Sendable>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var value: Value?

  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    _ = pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    _ = pthread_cond_init(condition, nil)
  }

  deinit {
    _ = pthread_cond_destroy(condition)
    _ = pthread_mutex_destroy(mutex)
    condition.deinitialize(count: 1)
    condition.deallocate()
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Hands `value` over, waking the thread in ``wait()``.
  package func put(_ value: Value) {
    _ = pthread_mutex_lock(mutex)
    self.value = value
    _ = pthread_cond_signal(condition)
    _ = pthread_mutex_unlock(mutex)
  }

  /// Blocks until ``put(_:)`` has been called, and returns its value.
  package func wait() -> Value {
    _ = pthread_mutex_lock(mutex)
    defer { _ = pthread_mutex_unlock(mutex) }
    while true {
      if let value { return value }
      _ = pthread_cond_wait(condition, mutex)
    }
  }
}
