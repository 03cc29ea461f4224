#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a `pthread_mutex_t`.
///
/// Used instead of `Synchronization.Mutex`, whose Linux implementation waits on a raw futex that
/// ThreadSanitizer cannot see: every `Mutex`-guarded access is reported as a race there, which
/// would bury real ones. `pthread_mutex_lock` is intercepted, so `--sanitize=thread` stays quiet.
///
/// `Value` must not be empty: ThreadSanitizer records the `inout` access to a zero-sized stored
/// property at the object's own address, which every thread reads without the lock to find the
/// generic field's offset, so a `Lock<()>` is reported as a race on every contended use (seen
/// with Swift 6.3 on Linux: a lock created before any thread started, eight threads taking it,
/// a report every run; with `Lock<Int>`, none). Lock the data the critical section guards.
package final class Lock<Value: Sendable>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  package init(_ value: Value) {
    assert(MemoryLayout<Value>.size > 0, "a Lock guards a value; see the type's documentation")
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    // pthread_mutex_init with default attributes cannot fail on Linux or Darwin.
    _ = pthread_mutex_init(mutex, nil)
  }

  deinit {
    _ = pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the value, holding `pthread_mutex_lock`.
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    _ = pthread_mutex_lock(mutex)
    defer { _ = pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
