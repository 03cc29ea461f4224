import DeepLinkWire

/// An agent started by ``DeepLinkAgent/start(socket:apply:state:)``.
public struct RunningAgent: Sendable {
  /// The socket path it serves.
  public let socket: String
  let server: LineServer

  /// Stops serving: the socket is removed and the thread ends soon after.
  public func stop() {
    server.stop()
  }
}
