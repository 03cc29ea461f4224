#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes whole buffers to a blocking descriptor such as standard output or standard error:
/// the CLI's results and errors, the app's log. No Foundation, so no start-up cost.
package enum StreamWriter {
  /// Writes all of `text` to `fd`.
  /// - Returns: the error that stopped the write (a full disk, a closed pipe), if any.
  @discardableResult
  package static func write(_ text: String, to fd: Int32) -> Errno? {
    var text = text
    return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: fd) }
  }

  /// `write(_:to:)` for a program's error message on standard error, whose reader may be
  /// gone (`deeplink-app 2>&1 | head -1`): a closed pipe is an `EPIPE` returned here, never
  /// a SIGPIPE that kills the program before it exits with its own status, and the process's
  /// SIGPIPE disposition stays what the host made it.
  ///
  /// SIGPIPE is blocked on the calling thread for the write (`pthread_sigmask`); a SIGPIPE the
  /// write left pending is consumed with `sigwait` before the mask is restored (one that was
  /// pending before is left alone). Linux raises it on the writing thread; XNU raises it on
  /// the process, where it stays pending for this thread as long as every other thread blocks
  /// it too (``LogWriter``'s thread does).
  @discardableResult
  package static func writeWithoutBrokenPipeSignal(_ text: String, to fd: Int32) -> Errno? {
    var brokenPipe = sigset_t()
    sigemptyset(&brokenPipe)
    sigaddset(&brokenPipe, SIGPIPE)
    var previous = sigset_t()
    _ = pthread_sigmask(SIG_BLOCK, &brokenPipe, &previous)
    defer { _ = pthread_sigmask(SIG_SETMASK, &previous, nil) }
    var pendingBefore = sigset_t()
    _ = sigpending(&pendingBefore)
    let error = write(text, to: fd)
    if error?.rawValue == EPIPE, sigismember(&pendingBefore, SIGPIPE) != 1 {
      var pending = sigset_t()
      _ = sigpending(&pending)
      if sigismember(&pending, SIGPIPE) == 1 {
        var signal: Int32 = 0
        _ = sigwait(&brokenPipe, &signal)
      }
    }
    return error
  }

  /// Whether `fd` is a terminal (`isatty(3)`), for colour.
  package static func isTerminal(_ fd: Int32) -> Bool {
    isatty(fd) == 1
  }

  /// `write(2)` of all of `bytes`, again after a short write; an error stops the write and
  /// is returned (`EAGAIN` for a non-blocking descriptor that is full), for callers that can
  /// still report it (the CLI's results; not its errors).
  @discardableResult
  package static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Errno? {
    do {
      try FileDescriptor(rawValue: fd).writeAll(bytes)
      return nil
    } catch {
      return error.errno
    }
  }
}
