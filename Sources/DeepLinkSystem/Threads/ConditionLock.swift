#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `pthread_mutex_t` and one `pthread_cond_t` waited on under it: the one place that
/// allocates, initialises and destroys the pair, for the threads that hand work to each other
/// (``LogWriter``'s writer, ``Handoff``).
///
/// Plain pthreads rather than `Synchronization.Mutex`, for the reason ``Lock`` gives:
/// ThreadSanitizer sees `pthread_mutex_lock` and `pthread_cond_wait`. Timed waits run on the
/// monotonic clock, so setting the wall clock neither stretches nor cuts them: on Linux the
/// condition is made with `pthread_condattr_setclock(CLOCK_MONOTONIC)`; Darwin has no such
/// attribute and waits with `pthread_cond_timedwait_relative_np`, which takes a duration.
package final class ConditionLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    // With default attributes (and a clock attribute Linux supports) neither init can fail.
    _ = pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    #if canImport(Glibc)
      var attributes = pthread_condattr_t()
      _ = pthread_condattr_init(&attributes)
      _ = pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
      _ = pthread_cond_init(condition, &attributes)
      _ = pthread_condattr_destroy(&attributes)
    #else
      _ = pthread_cond_init(condition, nil)
    #endif
  }

  deinit {
    _ = pthread_cond_destroy(condition)
    _ = pthread_mutex_destroy(mutex)
    condition.deinitialize(count: 1)
    condition.deallocate()
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// `pthread_mutex_lock`.
  package func lock() { _ = pthread_mutex_lock(mutex) }

  /// `pthread_mutex_unlock`.
  package func unlock() { _ = pthread_mutex_unlock(mutex) }

  /// Runs `body` holding the mutex.
  package func withLock<Result>(_ body: () -> Result) -> Result {
    lock()
    defer { unlock() }
    return body()
  }

  /// Releases the mutex until another thread signals (or a spurious wake-up), then holds it
  /// again (`pthread_cond_wait`). Call it holding the mutex, in a loop that checks what it
  /// waits for.
  package func wait() { _ = pthread_cond_wait(condition, mutex) }

  /// ``wait()``, but for at most until `deadline` on ``Clocks/monotonicNanoseconds``.
  ///
  /// - Returns: `false` once the deadline has passed, `true` when woken before it.
  @discardableResult
  package func wait(untilMonotonicNanoseconds deadline: Int64) -> Bool {
    #if canImport(Glibc)
      var until = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
      return pthread_cond_timedwait(condition, mutex, &until) != ETIMEDOUT
    #else
      let left = deadline - Clocks.monotonicNanoseconds
      guard left > 0 else { return false }
      var duration = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
      return pthread_cond_timedwait_relative_np(condition, mutex, &duration) != ETIMEDOUT
    #endif
  }

  /// Wakes every thread in a wait (`pthread_cond_broadcast`); cheap when none waits.
  package func broadcast() { _ = pthread_cond_broadcast(condition) }
}
