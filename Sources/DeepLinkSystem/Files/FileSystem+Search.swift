#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// `getcwd(3)`: the absolute path of the current directory, or `nil` when it cannot be
  /// named (removed, or longer than `PATH_MAX`).
  package static func currentDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(
      decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether anything is at `path`, as `stat(2)` sees it (a symbolic link is followed; a
  /// dangling one counts as something, so that reading it reports the problem).
  package static func exists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 || lstat(path, &status) == 0
  }

  /// Whether `path` is the file standard output writes to (same device and inode), as in
  /// `deeplink routes --json > deeplink.routes.json`, where the shell has emptied it already.
  package static func isStandardOutput(_ path: String) -> Bool {
    var output = stat()
    var file = stat()
    guard fstat(1, &output) == 0, stat(path, &file) == 0 else { return false }
    return output.st_dev == file.st_dev && output.st_ino == file.st_ino
  }

  /// The first directory from `start` up to `/` that holds `name`, as `git` finds `.git`:
  /// the path of `name` in it, or `nil`. A file `skip` returns `true` for is passed over.
  ///
  ///     FileSystem.nearest("deeplink.routes.json", from: "/home/me/shop/app")
  ///     // "/home/me/shop/deeplink.routes.json" when that file exists and app/ has none
  package static func nearest(
    _ name: String, from start: String, skip: (String) -> Bool = { _ in false }
  ) -> String? {
    // Bytes, not `Substring`: joining a `Substring` to a `String` takes the unspecialized
    // `append(contentsOf:)`, whose first call costs a runtime conformance lookup, measurable
    // in `deeplink url`'s start-up (BENCHMARKS.md).
    let slash = UInt8(ascii: "/")
    var directory = Array(start.utf8)
    while true {
      var candidate = directory
      if candidate.last != slash { candidate.append(slash) }
      candidate.append(contentsOf: name.utf8)
      let path = String(decoding: candidate, as: UTF8.self)
      if exists(path), !skip(path) { return path }
      guard let parent = directory.dropLast().lastIndex(of: slash) else { return nil }
      if parent == 0 {
        directory = [slash]
      } else {
        directory.removeSubrange(parent...)
      }
    }
  }
}
