import Foundation

/// A fresh private directory under /tmp (short, so socket paths stay far below 107 bytes),
/// removed by ``remove()``.
struct TemporaryDirectory {
  let path: String

  init() {
    var template = Array("/tmp/dlw.XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed")
    path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `name` inside the directory.
  func appending(_ name: String) -> String {
    path + "/" + name
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// How many descriptors this process has open (entries of /proc/self/fd).
func openDescriptorCount() -> Int {
  (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
}

/// How many Unix sockets in this network namespace are bound to `path`: a server's listener
/// and the connections it accepted (a client's end has no path).
func serverSocketCount(_ path: String) -> Int {
  guard let table = try? String(contentsOfFile: "/proc/net/unix", encoding: .utf8) else { return -1 }
  return table.split(separator: "\n").filter { $0.hasSuffix(" " + path) }.count
}

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
/// The open descriptors and what they point to (`3=socket:[1234]`), for failure messages.
func descriptorList() -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).sorted().map {
    $0 + "=" + ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) ?? "?")
  }
}
