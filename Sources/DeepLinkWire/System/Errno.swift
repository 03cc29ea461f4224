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
  static var current: Errno { Errno(rawValue: errno) }

  /// `strerror(3)`'s text, with the symbolic name when it is one we handle.
  package var description: String {
    let text = strerror(rawValue).map { String(cString: $0) } ?? "error \(rawValue)"
    return name.map { "\(text) (\($0))" } ?? text
  }

  var name: String? {
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
    default: nil
    }
  }

  static let interrupted = Errno(rawValue: EINTR)
  static let wouldBlock = Errno(rawValue: EWOULDBLOCK)
  static let noEntry = Errno(rawValue: ENOENT)
  static let connectionRefused = Errno(rawValue: ECONNREFUSED)
  static let accessDenied = Errno(rawValue: EACCES)
  static let notPermitted = Errno(rawValue: EPERM)
  static let exists = Errno(rawValue: EEXIST)
  static let inProgress = Errno(rawValue: EINPROGRESS)
  package static let brokenPipe = Errno(rawValue: EPIPE)
  static let connectionReset = Errno(rawValue: ECONNRESET)
  static let connectionAborted = Errno(rawValue: ECONNABORTED)
  static let tooManyOpenFiles = Errno(rawValue: EMFILE)
  static let tooManyOpenFilesInSystem = Errno(rawValue: ENFILE)
  static let notConnected = Errno(rawValue: ENOTCONN)
}

/// A failed system call: the C function's name and the `errno` it left.
struct SystemCallError: Error, Hashable, Sendable {
  var call: String
  var errno: Errno

  init(_ call: String, _ errno: Errno = .current) {
    self.call = call
    self.errno = errno
  }
}

/// Runs `body` (one C call returning -1 on failure) and turns -1 into a ``SystemCallError``,
/// retrying while it fails with `EINTR`.
@inline(__always)
func systemCall<Result: BinaryInteger>(
  _ name: String, _ body: () -> Result
) throws(SystemCallError) -> Result {
  while true {
    let result = body()
    if result != -1 { return result }
    let error = Errno.current
    if error != .interrupted { throw SystemCallError(name, error) }
  }
}
