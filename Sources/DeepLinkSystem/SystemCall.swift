#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call: the C function's name and the `errno` it left.
package struct SystemCallError: Error, Hashable, Sendable {
  package var call: String
  package var errno: Errno

  package init(_ call: String, _ errno: Errno = .current) {
    self.call = call
    self.errno = errno
  }
}

/// Runs `body` (one C call returning -1 on failure) and turns -1 into a ``SystemCallError``,
/// retrying while it fails with `EINTR`: the one place where an interrupted call is called
/// again, so that no caller writes its own loop.
///
/// A signal whose handler was installed without `SA_RESTART` (a test runner's, a host app's)
/// makes a blocking `read`, `write`, `open` of a FIFO or `waitpid` fail with `EINTR` although
/// nothing went wrong. Calls that must not be repeated are not passed here: `close(2)` (on
/// Linux the descriptor is gone either way), `connect(2)` (the connection may be under way),
/// and `poll(2)`, whose caller recomputes its timeout (``PollSet/wait(timeoutMilliseconds:)``).
///
///     let count = try systemCall("read") { read(descriptor, buffer, size) }
@inline(__always)
package func systemCall<Result: BinaryInteger>(
  _ name: String, _ body: () -> Result
) throws(SystemCallError) -> Result {
  while true {
    let result = body()
    if result != -1 { return result }
    let error = Errno.current
    if error != .interrupted { throw SystemCallError(name, error) }
  }
}
