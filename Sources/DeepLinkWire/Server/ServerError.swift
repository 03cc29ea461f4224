/// Why a ``LineServer`` would not start or had to stop, each with the sentence the app prints.
package enum ServerError: Error, Hashable, Sendable {
  /// The path cannot be a socket address.
  case invalidPath(SocketPathError)
  /// The socket's directory is not private to this user; nothing was changed.
  case unsafeDirectory(path: String, problem: DirectoryProblem)
  /// A server answers on `path` already; its socket was left alone.
  case alreadyListening(path: String)
  /// Another process holds `lockPath` (a server starting or stopping on the same socket).
  case lockHeld(lockPath: String)
  /// Something other than a socket is at `path`; it was left alone.
  case notASocket(path: String, kind: String)
  /// The socket's directory is missing and so is its parent: `mkdir` makes one level only.
  case missingParent(directory: String, parent: String)
  /// The C call `call` failed, on `path` when it names one.
  case system(call: String, path: String?, errno: Errno)
  /// `limit` servers of this process already stop on signals; this one would not.
  case tooManySignalRelays(limit: Int)

  /// What is wrong with a socket directory.
  package enum DirectoryProblem: Hashable, Sendable {
    /// It is something else (`kind`: "a regular file", "a symbolic link").
    case notADirectory(kind: String)
    /// Owned by uid `owner`, not by the server's uid `user`.
    case ownedByAnotherUser(owner: UInt32, user: UInt32)
    /// Group or others may write to it (`mode` in octal, like `0775`).
    case writableByOthers(mode: String)
  }

  /// The fix for a directory that is not the user's alone.
  static func privateDirectoryAdvice(user: UInt32) -> String {
    "choose a --socket path in a directory of your own, such as /tmp/deeplink-\(user)/app.sock "
      + "(the app creates it, mode 0700)"
  }

  /// One sentence for people: what is wrong, where, and how to fix it.
  package var message: String {
    switch self {
    case .invalidPath(let error):
      return error.message
    case .unsafeDirectory(let path, let problem):
      let prefix = "refusing to put the socket in \(path): "
      switch problem {
      case .notADirectory(let kind):
        return prefix + "it is \(kind), not a directory; remove it or choose another --socket path"
      case .ownedByAnotherUser(let owner, let user):
        return prefix + "it belongs to uid \(owner), not to you (uid \(user)); "
          + Self.privateDirectoryAdvice(user: user)
      case .writableByOthers(let mode) where mode.count == 4 && !mode.hasPrefix("0"):
        // Sticky and world-writable: a shared directory such as /tmp, never to be chmod-ed.
        return prefix + "it is shared (mode \(mode)): other users can create files in it; "
          + Self.privateDirectoryAdvice(user: FileSystem.userID)
      case .writableByOthers(let mode):
        return prefix + "other users can write to it (mode \(mode)); run `chmod go-w \(path)`, or "
          + Self.privateDirectoryAdvice(user: FileSystem.userID)
      }
    case .alreadyListening(let path):
      return "another app is already listening on \(path)"
    case .lockHeld(let lockPath):
      return "another app holds the lock \(lockPath) (starting or stopping); "
        + "try again, or stop the other one"
    case .notASocket(let path, let kind):
      return "refusing to replace \(path): it is \(kind), not a socket; "
        + "move it away or choose another --socket path"
    case .missingParent(let directory, let parent):
      return "cannot create the socket's directory \(directory): its parent directory \(parent) does "
        + "not exist; create it first, or choose another --socket path"
    case .system(let call, let path?, let errno):
      return "\(call) \(path) failed: \(errno)"
    case .system(let call, nil, let errno):
      return "\(call) failed: \(errno)"
    case .tooManySignalRelays(let limit):
      return "\(limit) servers in this process already stop on SIGINT, SIGTERM and SIGHUP, the most "
        + "there can be; start this one with stopsOnSignals off, or stop one of them"
    }
  }
}

extension ServerError {
  init(_ error: SystemCallError, path: String?) {
    self = .system(call: error.call, path: path, errno: error.errno)
  }
}
