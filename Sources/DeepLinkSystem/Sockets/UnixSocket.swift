#if canImport(Glibc)
  import Glibc
  import DeepLinkSystemC
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Unix-domain stream socket calls, each wrapped once.
///
/// Paths reaching these functions were checked by `SocketPath.validate(_:)` (DeepLinkWire); a
/// path that still does not fit `sun_path` fails with `ENAMETOOLONG` rather than being cut short.
package enum UnixSocket {
  /// `socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0)`.
  package static func makeStream() throws(SystemCallError) -> FileDescriptor {
    #if canImport(Glibc)
      let type =
        Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        | Int32(SOCK_NONBLOCK.rawValue)
      let raw = try systemCall("socket") { socket(AF_UNIX, type, 0) }
      return FileDescriptor(rawValue: raw)
    #elseif canImport(Darwin)
      let raw = try systemCall("socket") { socket(AF_UNIX, SOCK_STREAM, 0) }
      let descriptor = FileDescriptor(rawValue: raw)
      do {
        try descriptor.makeNonBlockingAndCloseOnExec()
        var on: Int32 = 1
        _ = try systemCall("setsockopt(SO_NOSIGPIPE)") {
          setsockopt(raw, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        }
      } catch {
        descriptor.close()
        throw error
      }
      return descriptor
    #endif
  }

  /// `bind(2)` to a filesystem path.
  package static func bind(_ socket: FileDescriptor, to path: String) throws(SystemCallError) {
    _ = try withAddress(path, call: "bind") { address, length throws(SystemCallError) in
      try systemCall("bind") { systemBind(socket.rawValue, address, length) }
    }
  }

  /// `listen(2)`.
  package static func listen(_ socket: FileDescriptor, backlog: Int32) throws(SystemCallError) {
    _ = try systemCall("listen") { systemListen(socket.rawValue, backlog) }
  }

  /// `connect(2)` to a filesystem path. `EINTR` is not retried (the connection may be under way);
  /// it surfaces like any other error.
  package static func connect(_ socket: FileDescriptor, to path: String) throws(SystemCallError) {
    _ = try withAddress(path, call: "connect") { address, length throws(SystemCallError) in
      let result = systemConnect(socket.rawValue, address, length)
      if result == -1 { throw SystemCallError("connect") }
      return result
    }
  }

  /// A waiting connection, non-blocking and close-on-exec: atomically with `accept4(2)` on
  /// Linux (a child process started by another thread in between never inherits it), with
  /// `accept(2)` and `fcntl` elsewhere.
  ///
  /// - Returns: the connection, or `nil` when no connection is waiting (`EAGAIN`) or the
  ///   waiting one was aborted by its client (`ECONNABORTED`).
  package static func accept(_ listener: FileDescriptor) throws(SystemCallError) -> FileDescriptor? {
    let raw: Int32
    do {
      raw = try systemCall("accept") { systemAccept(listener.rawValue, nil, nil) }
    } catch let error where error.errno == .wouldBlock || error.errno == .connectionAborted {
      return nil
    }
    let connection = FileDescriptor(rawValue: raw)
    #if !os(Linux)
      do {
        try connection.makeNonBlockingAndCloseOnExec()
        #if canImport(Darwin)
          // XNU's accept copies some socket flags from the listener, not SOF_NOSIGPIPE
          // (`sonewconn_internal`): without it, a reply to a client that left raises SIGPIPE.
          var on: Int32 = 1
          _ = try systemCall("setsockopt(SO_NOSIGPIPE)") {
            setsockopt(raw, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
          }
        #endif
      } catch {
        connection.close()
        throw error
      }
    #endif
    return connection
  }

  /// The user id of the process at the other end: `getsockopt(SO_PEERCRED)` on Linux (into a
  /// 12-byte mirror of `struct ucred`, whose returned length is checked), `getpeereid` on Darwin.
  package static func peerUserID(_ socket: FileDescriptor) throws(SystemCallError) -> UInt32 {
    #if canImport(Glibc)
      var credentials = PeerCredentials()
      var length = socklen_t(MemoryLayout<PeerCredentials>.size)
      _ = try systemCall("getsockopt(SO_PEERCRED)") {
        getsockopt(socket.rawValue, SOL_SOCKET, SO_PEERCRED, &credentials, &length)
      }
      guard length == MemoryLayout<PeerCredentials>.size else {
        throw SystemCallError("getsockopt(SO_PEERCRED)", Errno(rawValue: EINVAL))
      }
      return credentials.uid
    #elseif canImport(Darwin)
      var uid = uid_t()
      var gid = gid_t()
      _ = try systemCall("getpeereid") { getpeereid(socket.rawValue, &uid, &gid) }
      return uid
    #endif
  }

  /// `shutdown(2)` of the sending side: the peer reads what was sent, then end-of-file, while
  /// this side can still read (and discard) what the peer sends.
  package static func shutdownWrite(_ socket: FileDescriptor) {
    _ = shutdown(socket.rawValue, Int32(SHUT_WR))
  }

  /// `getsockopt(SO_ERROR)`: the outcome of a non-blocking `connect` that said `EINPROGRESS`.
  package static func pendingError(_ socket: FileDescriptor) throws(SystemCallError) -> Errno? {
    var value: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    _ = try systemCall("getsockopt(SO_ERROR)") {
      getsockopt(socket.rawValue, SOL_SOCKET, SO_ERROR, &value, &length)
    }
    return value == 0 ? nil : Errno(rawValue: value)
  }

  /// Builds a `sockaddr_un` for `path` and passes it to `body`, copying the bytes into
  /// `sun_path` through its raw buffer (never `strcpy` on `sun_path.0`).
  private static func withAddress(
    _ path: String, call: String,
    _ body: (UnsafePointer<sockaddr>, socklen_t) throws(SystemCallError) -> Int32
  ) throws(SystemCallError) -> Int32 {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let fits = withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      guard bytes.count < buffer.count, !bytes.contains(0) else { return false }
      buffer.copyBytes(from: bytes)
      buffer[bytes.count] = 0
      return true
    }
    guard fits else { throw SystemCallError(call, Errno(rawValue: ENAMETOOLONG)) }
    let length = socklen_t(MemoryLayout<sockaddr_un>.size)
    #if canImport(Darwin)
      address.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
    #endif
    return try withUnsafePointer(to: &address) { pointer throws(SystemCallError) in
      try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        socketAddress throws(SystemCallError) in
        try body(socketAddress, length)
      }
    }
  }
}

#if canImport(Glibc)
  /// `struct ucred` from `<sys/socket.h>` (hidden behind `_GNU_SOURCE`): pid, uid, gid.
  private struct PeerCredentials {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
  }

  private func systemBind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    Glibc.bind(fd, address, length)
  }
  private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    Glibc.connect(fd, address, length)
  }
  private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
    Glibc.listen(fd, backlog)
  }
  private func systemAccept(
    _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?
  ) -> Int32 {
    #if os(Linux)
      deeplink_accept_nonblocking_cloexec(fd)
    #else
      Glibc.accept(fd, address, length)
    #endif
  }
#elseif canImport(Darwin)
  private func systemBind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    Darwin.bind(fd, address, length)
  }
  private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    Darwin.connect(fd, address, length)
  }
  private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
    Darwin.listen(fd, backlog)
  }
  private func systemAccept(
    _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?
  ) -> Int32 {
    Darwin.accept(fd, address, length)
  }
#endif
