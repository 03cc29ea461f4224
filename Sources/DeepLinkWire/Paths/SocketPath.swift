/// Where the app's socket lives, decided the same way by the CLI and the app.
///
/// In order: the `--socket` value, then ``searchOrder``: `$DEEPLINK_SOCKET`,
/// `$XDG_RUNTIME_DIR/deeplink/app.sock`, `/tmp/deeplink-<uid>/app.sock`. Empty values count as
/// unset.
///
///     SocketPath.resolve(explicit: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/1000"])
///     // "/run/user/1000/deeplink/app.sock"
package enum SocketPath {
  /// The environment variable that names the socket.
  package static let socketVariable = EnvironmentVariable(
    "DEEPLINK_SOCKET", summary: "The app's socket, when --socket is not given")
  /// The environment variable whose directory holds the default socket.
  package static let runtimeDirectoryVariable = EnvironmentVariable(
    "XDG_RUNTIME_DIR", summary: "Where the default socket lives")
  /// Every environment variable ``resolve(explicit:environment:userID:)`` reads.
  package static let environmentVariables = [socketVariable, runtimeDirectoryVariable]

  /// Where the socket is when no path is given, in order, for help text (the CLI's `--socket`
  /// and `deeplink-app --help`).
  package static let searchOrder =
    "$\(socketVariable.name), else $\(runtimeDirectoryVariable.name)/deeplink/app.sock, "
    + "else /tmp/deeplink-<uid>/app.sock"

  /// The longest path `sun_path` holds, in bytes, leaving room for the final NUL.
  package static var maximumLength: Int {
    #if os(Linux)
      107
    #else
      103
    #endif
  }

  /// Picks the socket path from the flag and the environment (see the type's summary).
  ///
  /// - Parameters:
  ///   - explicit: the `--socket` value, if given.
  ///   - environment: the variables to consult; only those of ``environmentVariables`` are
  ///     read.
  ///   - userID: the uid in the `/tmp` fallback; defaults to this process's.
  /// - Returns: the path, not yet checked: see ``validate(_:)``.
  package static func resolve(
    explicit: String?, environment: [String: String], userID: UInt32? = nil
  ) -> String {
    resolve(explicit: explicit, environmentValue: { environment[$0] }, userID: userID)
  }

  /// ``resolve(explicit:environment:userID:)`` reading each variable with `environmentValue`
  /// (`nil` when unset), only when the ones before it did not decide.
  package static func resolve(
    explicit: String?, environmentValue: (String) -> String?, userID: UInt32? = nil
  ) -> String {
    if let explicit, !explicit.isEmpty { return explicit }
    if let value = environmentValue(socketVariable.name), !value.isEmpty { return value }
    // The XDG base directory specification: a relative XDG_RUNTIME_DIR is invalid, ignored.
    if let runtime = environmentValue(runtimeDirectoryVariable.name), runtime.hasPrefix("/") {
      return join(runtime, "deeplink/app.sock")
    }
    return "/tmp/deeplink-\(userID ?? FileSystem.userID)/app.sock"
  }

  /// ``resolve(explicit:environment:userID:)`` with this process's environment, read with
  /// `getenv` (two variables at most, no copy of the environment: the CLI runs this on every
  /// TAB).
  package static func resolve(explicit: String?) -> String {
    resolve(explicit: explicit, environmentValue: { FileSystem.environmentValue($0) })
  }

  /// Checks that `path` can be a Unix socket address.
  ///
  /// - Throws: ``SocketPathError`` if it is empty, holds a NUL byte or is longer than
  ///   ``maximumLength`` bytes.
  package static func validate(_ path: String) throws(SocketPathError) {
    if path.isEmpty { throw .empty }
    if path.utf8.contains(0) { throw .containsNUL(path: path) }
    let length = path.utf8.count
    if length > maximumLength { throw .tooLong(path: path, length: length, limit: maximumLength) }
  }

  /// The directory that holds `path`'s socket: everything before the last `/`, `/` for a file
  /// at the root, `.` for a bare name.
  ///
  ///     SocketPath.directory(of: "/run/user/1000/deeplink/app.sock")  // "/run/user/1000/deeplink"
  package static func directory(of path: String) -> String {
    var bytes = Array(path.utf8)
    while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    var end = slash
    while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
    return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
  }

  private static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
