extension LineServer {
  /// How a ``LineServer`` treats its clients. The defaults suit the app.
  package struct Options: Sendable {
    /// The longest request line, in bytes before the `\n`; longer gets
    /// ``Rejection/lineTooLong(limit:)`` and the connection is closed.
    package var maximumLineLength = LineFramer.defaultMaximumLineLength
    /// A connection with no bytes moving either way for this long is closed, so a client that
    /// connects and says nothing (or half a line) holds nobody up.
    package var idleTimeoutMilliseconds = 10_000
    /// The `listen` backlog: how many connections may wait to be accepted.
    package var backlog: Int32 = 512
    /// Open connections at most; more wait in the backlog.
    package var maximumConnections = 1_000
    /// Whether SIGINT, SIGTERM and SIGHUP stop ``LineServer/run(onListening:beforeSending:handler:)``
    /// (the app wants this; tests running many servers in one process may not). At most
    /// 32 servers in one process can (``ServerError/tooManySignalRelays(limit:)``).
    package var stopsOnSignals = true
    /// The one line sent to a client before it is turned away (without `\n`).
    package var rejectionReply: @Sendable (Rejection) -> String = Rejection.defaultReply

    package init() {}
  }

  /// Why the server turns a client away without calling the handler.
  package enum Rejection: Hashable, Sendable {
    /// The request line is longer than `limit` bytes.
    case lineTooLong(limit: Int)
    /// The client runs as uid `peer`, not as the server's uid `server`.
    case foreignPeer(peer: UInt32, server: UInt32)
    /// The client ended its input `length` bytes after its last `\n`: the last request has no
    /// newline, so it may be cut short, and it is not handled.
    case unterminatedLine(length: Int)

    /// The error reply's `kind`.
    package var kind: ErrorKind {
      switch self {
      case .lineTooLong: .lineTooLong
      case .foreignPeer: .permissionDenied
      case .unterminatedLine: .badRequest
      }
    }

    /// One sentence for people.
    package var message: String {
      switch self {
      case .lineTooLong(let limit): "request line longer than \(limit) bytes"
      case .foreignPeer(let peer, let server):
        "uid \(peer) may not drive this app: it belongs to uid \(server)"
      case .unterminatedLine(let length):
        "the input ended \(length) bytes after the last newline: that request was cut short or "
          + "has no newline, and was not applied; end each request with a newline"
      }
    }

    /// `{"ok":false,"error":{"kind":"line-too-long","message":"..."}}`.
    @Sendable
    package static func defaultReply(_ rejection: Rejection) -> String {
      let error: JSON = .object([
        ("kind", .string(rejection.kind.rawValue)), ("message", .string(rejection.message)),
      ])
      return JSON.object([("ok", .bool(false)), ("error", error)]).serialized
    }
  }
}
