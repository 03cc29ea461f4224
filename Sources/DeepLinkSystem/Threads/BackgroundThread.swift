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
