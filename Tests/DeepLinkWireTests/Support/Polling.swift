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
/// How many Unix sockets in the system are bound to `path`: the listener and every connection
/// it accepted (Linux lists accepted sockets under the listener's path in /proc/net/unix).
/// Unlike a count of this process's descriptors, other tests running in parallel do not
/// disturb it.
func socketCount(boundTo path: String) -> Int {
  // Bytes, not text: another process's socket path need not be UTF-8, and one such line must
  // not make the whole table unreadable.
  guard let table = FileManager.default.contents(atPath: "/proc/net/unix") else { return -1 }
  let wanted = Array(path.utf8)
  return table.split(separator: UInt8(ascii: "\n")).dropFirst().filter { line in
    line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true).last.map(Array.init) == wanted
  }.count
}

/// The lines of /proc/net/unix that name `path`, for failure messages.
func socketLines(boundTo path: String) -> [String] {
  guard let table = FileManager.default.contents(atPath: "/proc/net/unix") else { return ["unreadable"] }
  return table.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    .filter { $0.hasSuffix(" " + path) }
}
