import Foundation
import TestSupport

/// The `st_mode & 0o7777` of `path` (following no link), or nil.
func permissions(of path: String) -> UInt32? {
  var status = stat()
  guard lstat(path, &status) == 0 else { return nil }
  return UInt32(status.st_mode) & 0o7777
}

/// Polls `condition` every few milliseconds until it holds or `seconds` pass (by default the
/// hang bound, ``Patience``: what is polled must happen, not happen fast).
func eventually(within seconds: Double = Patience.seconds, _ condition: () -> Bool) -> Bool {
  let end = Date().addingTimeInterval(seconds)
  while Date() < end {
    if condition() { return true }
    usleep(2_000)
  }
  return condition()
}
/// How many of this process's descriptors are Unix sockets bound to `path`: the listener and
/// every connection it accepted and has not closed (`getsockname(2)` on an accepted socket
/// gives the listener's address). The test process's own descriptors, not the system's table:
/// /proc/net/unix is read a page per `read(2)`, each resuming at a position, so while other
/// tests open and close thousands of sockets a read can skip or repeat any line, and a count
/// from it can be wrong on every try. Descriptors that other tests open meanwhile are other
/// sockets, bound elsewhere or not at all, and do not count.
func socketCount(boundTo path: String) -> Int {
  guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return -1 }
  let wanted = Array(path.utf8)
  return names.compactMap { Int32($0) }.filter { boundName(of: $0) == wanted }.count
}

/// The path a Unix socket descriptor is bound to, as bytes; nil for anything else.
private func boundName(of descriptor: Int32) -> [UInt8]? {
  var address = sockaddr_un()
  var length = socklen_t(MemoryLayout<sockaddr_un>.size)
  let status = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
  }
  guard status == 0, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
  let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)!
  let count = Int(length) - pathOffset
  guard count > 0 else { return nil }
  return withUnsafeBytes(of: &address.sun_path) { Array($0.prefix(count).prefix { $0 != 0 }) }
}
