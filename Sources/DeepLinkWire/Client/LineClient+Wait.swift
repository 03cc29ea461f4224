extension LineClient {
  /// Connects to `path` as soon as a server listens there: for `deeplink wait` and for CI
  /// scripts that start the app and must not `sleep`.
  ///
  /// A socket file is not proof of a live server (after `kill -9` the file stays), so this
  /// retries the connect itself, every `retryMilliseconds`, while nobody listens.
  ///
  /// - Parameter check: called before each retry; an error it throws (such as
  ///   ``SocketError/gaveUp(reason:)`` when the server's process has exited) ends the wait.
  /// - Returns: the connected client (discard it to just wait).
  /// - Throws: ``SocketError/timedOut(path:)`` when `deadline` passes first; other errors
  ///   (permission, path, not a socket) at once, since retrying would not change them.
  @discardableResult
  package static func waitForListener(
    path: String, deadline: Deadline, retryMilliseconds: Int = 5,
    check: () throws(SocketError) -> Void = {}
  ) throws(SocketError) -> LineClient {
    while true {
      do {
        return try connect(path: path, deadline: deadline)
      } catch .noListener {
        try check()
        guard !deadline.hasPassed else { throw .timedOut(path: path) }
        Clocks.sleep(milliseconds: Int(min(Int64(retryMilliseconds), deadline.remainingMilliseconds)))
      }
    }
  }
}
