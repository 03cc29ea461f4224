import Foundation

/// The `st_mode & 0o7777` of `path` (following no link), or nil.
func permissions(of path: String) -> UInt32? {
  var status = stat()
  guard lstat(path, &status) == 0 else { return nil }
  return UInt32(status.st_mode) & 0o7777
}

/// Polls `condition` every few milliseconds until it holds or `seconds` pass.
func eventually(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
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
  guard let table = try? String(contentsOfFile: "/proc/net/unix", encoding: .utf8) else { return -1 }
  return table.split(separator: "\n").dropFirst().filter {
    $0.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init) == path
  }.count
}
