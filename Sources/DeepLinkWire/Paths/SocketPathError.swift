/// Why a string cannot be a Unix socket path.
package enum SocketPathError: Error, Hashable, Sendable {
  case empty
  case containsNUL(path: String)
  /// `length` bytes, more than the `limit` that `sockaddr_un.sun_path` holds on this system.
  case tooLong(path: String, length: Int, limit: Int)

  /// One sentence for people, naming the path and what would fit.
  package var message: String {
    switch self {
    case .empty:
      "the socket path is empty"
    case .containsNUL(let path):
      "the socket path '\(ControlCharacters.escaped(path))' contains a NUL byte"
    case .tooLong(let path, let length, let limit):
      "the socket path '\(path)' is \(length) bytes long; Unix sockets allow at most \(limit) "
        + "bytes here: choose a shorter path with --socket or \(SocketPath.socketVariable.name)"
    }
  }
}
