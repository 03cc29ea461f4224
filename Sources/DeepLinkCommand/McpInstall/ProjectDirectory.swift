import DeepLinkWire

/// Where `deeplink mcp install` writes: the top level of the git repository the current
/// directory is in (the nearest directory up with a `.git` entry, a directory or a worktree's
/// file), else the current directory. Found by looking, without running git.
enum ProjectDirectory {
  /// The top level for `directory`, an absolute path.
  static func topLevel(from directory: String) -> String {
    var candidate = directory
    while true {
      if (try? FileStatus.of(candidate + (candidate == "/" ? "" : "/") + ".git")) != nil { return candidate }
      guard candidate != "/", let slash = candidate.lastIndex(of: "/") else { return directory }
      candidate = slash == candidate.startIndex ? "/" : String(candidate[..<slash])
    }
  }

  /// `relative` under `directory`: `directory/relative`.
  static func join(_ directory: String, _ relative: String) -> String {
    directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
  }
}
