#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A C `errno` value, kept as a number and described with `strerror(3)`.
///
///     Errno(rawValue: 2).description  // "No such file or directory (ENOENT)"
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
  /// The number `errno` held after the failed call.
  package let rawValue: Int32

  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The `errno` of the calling thread, read right after a call that failed.
  package static var current: Errno { Errno(rawValue: errno) }

  /// `strerror(3)`'s text, with the symbolic name when it is one we handle.
  package var description: String {
    let text = strerror(rawValue).map { String(cString: $0) } ?? "error \(rawValue)"
    return name.map { "\(text) (\($0))" } ?? text
  }

  package var name: String? {
    switch self {
    case .interrupted: "EINTR"
    case .wouldBlock: "EAGAIN"
    case .noEntry: "ENOENT"
    case .connectionRefused: "ECONNREFUSED"
    case .accessDenied: "EACCES"
    case .notPermitted: "EPERM"
    case .exists: "EEXIST"
    case .inProgress: "EINPROGRESS"
    case .brokenPipe: "EPIPE"
    case .connectionReset: "ECONNRESET"
    case .tooManyOpenFiles: "EMFILE"
    case .tooManyOpenFilesInSystem: "ENFILE"
    case .notADirectory: "ENOTDIR"
    case .tooManySymbolicLinks: "ELOOP"
    case .invalidArgument: "EINVAL"
    case .fileTooLarge: "EFBIG"
    default: nil
    }
  }

  /// `EINTR`: a signal's handler ran during the call. ``systemCall(_:_:)`` retries it.
  package static let interrupted = Errno(rawValue: EINTR)
  package static let wouldBlock = Errno(rawValue: EWOULDBLOCK)
  package static let noEntry = Errno(rawValue: ENOENT)
  package static let connectionRefused = Errno(rawValue: ECONNREFUSED)
  package static let accessDenied = Errno(rawValue: EACCES)
  package static let notPermitted = Errno(rawValue: EPERM)
  package static let exists = Errno(rawValue: EEXIST)
  package static let inProgress = Errno(rawValue: EINPROGRESS)
  package static let brokenPipe = Errno(rawValue: EPIPE)
  package static let connectionReset = Errno(rawValue: ECONNRESET)
  package static let connectionAborted = Errno(rawValue: ECONNABORTED)
  package static let tooManyOpenFiles = Errno(rawValue: EMFILE)
  package static let tooManyOpenFilesInSystem = Errno(rawValue: ENFILE)
  package static let notConnected = Errno(rawValue: ENOTCONN)
  package static let notADirectory = Errno(rawValue: ENOTDIR)
  /// `ELOOP`: also what `open(2)` with `O_NOFOLLOW` gives for a symbolic link.
  package static let tooManySymbolicLinks = Errno(rawValue: ELOOP)
  package static let invalidArgument = Errno(rawValue: EINVAL)
  package static let fileTooLarge = Errno(rawValue: EFBIG)
}
