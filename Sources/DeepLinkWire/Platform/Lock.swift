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
final class Lock<Value: Sendable>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  init(_ value: Value) {
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
  func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    _ = pthread_mutex_lock(mutex)
    defer { _ = pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
