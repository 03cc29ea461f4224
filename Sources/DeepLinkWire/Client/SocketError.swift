/// Why a client could not talk to the app, each case with the sentence the CLI prints.
package enum SocketError: Error, Hashable, Sendable {
  /// Nobody listens at `path` (`ENOENT` or `ECONNREFUSED` on connect).
  case noListener(path: String)
  /// The deadline passed while connecting to, writing to or reading from `path`.
  case timedOut(path: String)
  /// Something that is not a socket is at `path` (`kind`: "a regular file", "a directory"):
  /// no app listens there, and an agent would refuse to replace it.
  case notASocket(path: String, kind: String)
  /// The socket or its directory belongs to someone else (`EACCES`/`EPERM` on connect).
  case permissionDenied(path: String)
  /// `path` cannot be a socket address (too long, empty, NUL byte).
  case invalidPath(SocketPathError)
  /// The app closed the connection before a whole reply line arrived.
  case connectionClosed(path: String)
  /// The reply line is longer than the client accepts.
  case lineTooLong(path: String, limit: Int)
  /// A caller's check ended a wait for the server (its process exited); `reason` says why.
  case gaveUp(reason: String)
  /// Any other failure of the C call `call`.
  case system(call: String, errno: Errno)

  /// One sentence for people: what happened, on which path, and what to do about it.
  package var message: String {
    switch self {
    case .noListener(let path):
      "no app is listening on \(path)"
    case .notASocket(let path, let kind):
      "\(path) is \(kind), not a socket: no app can listen there (its agent refuses to "
        + "replace it); check --socket or DEEPLINK_SOCKET"
    case .timedOut(let path):
      "timed out waiting for the app on \(path)"
    case .permissionDenied(let path):
      "permission denied connecting to \(path): the socket belongs to another user"
    case .invalidPath(let error):
      error.message
    case .connectionClosed(let path):
      "the app on \(path) closed the connection before replying"
    case .lineTooLong(let path, let limit):
      "the reply from the app on \(path) is longer than \(limit) bytes"
    case .gaveUp(let reason):
      "gave up waiting: \(reason)"
    case .system(let call, let errno):
      "\(call) failed: \(errno)"
    }
  }
}
