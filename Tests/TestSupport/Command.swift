import Foundation

/// What a finished process printed and how it exited.
public struct CommandResult: Sendable, CustomStringConvertible {
  public let status: Int32
  public let stdout: String
  public let stderr: String

  public var description: String {
    "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
  }
}

/// Why ``Command/run(_:_:input:environment:)`` gave up.
public enum CommandError: Error, CustomStringConvertible {
  /// The command, or what it left running with its output or its exit unseen, did not end
  /// within the hang bound; it was killed.
  case hung(command: String, seconds: Double)

  public var description: String {
    switch self {
    case .hung(let command, let seconds):
      "\(command) did not end within \(Int(seconds)) s (killed): a process it started may hold its "
        + "output or the descriptor that tells its exit"
    }
  }
}

/// Runs the package's real executables (built beside the test bundle) and other programs.
public enum Command {
  /// The folder holding the built products: `.build/debug` (or release).
  public static let productsDirectory: URL = {
    let bundle = Bundle.main.bundleURL
    for candidate in [bundle, bundle.deletingLastPathComponent()] {
      if FileManager.default.isExecutableFile(atPath: candidate.appendingPathComponent("deeplink").path) {
        return candidate
      }
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../.build/debug").standardized
  }()

  /// The path of a built product such as `deeplink` or `deeplink-app`.
  public static func product(_ name: String) -> String {
    productsDirectory.appendingPathComponent(name).path
  }

  /// The environment a child of a test sees: ours, minus the variables that would aim it at
  /// another app or routes file or change its output (`DEEPLINK_SOCKET`, `DEEPLINK_ROUTES`,
  /// `NO_COLOR`), with `environment` on top.
  public static func childEnvironment(_ environment: [String: String]) -> [String: String] {
    var variables = ProcessInfo.processInfo.environment
    for name in ["DEEPLINK_SOCKET", "DEEPLINK_ROUTES", "NO_COLOR"] { variables[name] = nil }
    // The tables apps served are kept in a cache of this test process's own, never the
    // user's, so that no test sees a table another test's app served.
    variables["XDG_CACHE_HOME"] = privateCache
    return variables.merging(environment) { $1 }
  }

  /// `XDG_CACHE_HOME` of every child: a private directory made for this test process, and
  /// removed when it exits.
  public static let privateCache: String = {
    let path = FileManager.default.temporaryDirectory.path + "/deeplink-test-cache-\(getpid())"
    try? FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    // A C function: it captures nothing, and reads the path again from this (initialized) value.
    atexit { try? FileManager.default.removeItem(atPath: Command.privateCache) }
    return path
  }()

  /// The environment of a child that is no deeplink, such as `swift build`: `XDG_CACHE_HOME` as
  /// this process has it (else `$HOME/.cache`, the XDG default), so that such a tool keeps its
  /// caches where the user's are, not in ``privateCache`` (SwiftPM would also leave a lock file
  /// named after it in /tmp for each test process).
  public static let userCacheEnvironment: [String: String] = {
    let environment = ProcessInfo.processInfo.environment
    let cache = environment["XDG_CACHE_HOME"] ?? environment["HOME"].map { $0 + "/.cache" }
    return cache.map { ["XDG_CACHE_HOME": $0] } ?? [:]
  }()

  /// The environment of a build a test runs (`swift build`, `make install`):
  /// ``userCacheEnvironment``, and `TMPDIR` in a directory of this test process's own, removed
  /// when it exits. The compiler driver leaves a `TemporaryDirectory.XXXXXX` folder in `TMPDIR`
  /// at every build and never removes it, and SwiftPM keeps a lock file there for each package
  /// it builds. One directory for the whole process, not one a build, so that two tests building
  /// the same package at once still wait for each other's lock; no two test processes build the
  /// same package.
  public static let buildEnvironment: [String: String] = {
    let path = FileManager.default.temporaryDirectory.path + "/deeplink-test-build-\(getpid())"
    try? FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    atexit { try? FileManager.default.removeItem(atPath: Command.buildTemporaryDirectory) }
    return userCacheEnvironment.merging(["TMPDIR": path]) { $1 }
  }()

  /// `TMPDIR` of ``buildEnvironment``.
  static var buildTemporaryDirectory: String { buildEnvironment["TMPDIR"] ?? "" }

  /// Runs `executable` with `arguments` (in `currentDirectory`, else ours), feeding `input` on
  /// stdin, and waits for it to end,
  /// for `timeout` seconds at most (then it is killed and ``CommandError/hung(command:seconds:)``
  /// thrown): ``Patience/seconds``, or ``Patience/buildSeconds`` for a command that builds.
  /// The child sees `environment` on top of ours, minus `DEEPLINK_SOCKET`, `DEEPLINK_ROUTES`
  /// and `NO_COLOR` unless given, and `XDG_CACHE_HOME` in ``privateCache``.
  public static func run(
    _ executable: String, _ arguments: [String] = [], input: String? = nil,
    environment: [String: String] = [:], currentDirectory: String? = nil, timeout: Double = Patience.seconds
  ) throws -> CommandResult {
    TestProcess.ignoreBrokenPipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
    process.environment = childEnvironment(environment)
    let out = Pipe()
    let err = Pipe()
    let inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    // Foundation learns that a child exited when a socket the child inherited closes, so a
    // grandchild that keeps it open (an app a stand-in started and left running) would hide
    // the exit forever: the waits below end at `timeout`.
    try process.run()
    if let input {
      // A child that exits without reading all of its input closes the pipe first: the write
      // then fails with EPIPE (SIGPIPE is ignored here, see TestProcess), which is no failure
      // of the run; the child's status and output are what the test checks.
      do {
        try inPipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
      } catch let error as NSError
        where (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(EPIPE)
      {}
    }
    try inPipe.fileHandleForWriting.close()
    // Read both pipes concurrently so a chatty child never blocks on a full pipe. Each blocking
    // wait has a thread of its own, not a Dispatch worker: tests keep many workers blocked
    // (the stderr of every app they run), and a wait queued behind them would never start.
    let group = DispatchGroup()
    nonisolated(unsafe) var errData = Data()
    nonisolated(unsafe) var outData = Data()
    for (pipe, index) in [(out, 0), (err, 1)] {
      group.enter()
      Thread {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        if index == 0 { outData = data } else { errData = data }
        group.leave()
      }.start()
    }
    group.enter()
    Thread {
      process.waitForExit(timeout: timeout)
      group.leave()
    }.start()
    guard group.wait(timeout: .now() + timeout) == .success else {
      kill(process.processIdentifier, SIGKILL)
      throw CommandError.hung(command: ([executable] + arguments).joined(separator: " "), seconds: timeout)
    }
    return CommandResult(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Runs the real `deeplink` binary.
  public static func deeplink(
    _ arguments: String..., input: String? = nil, environment: [String: String] = [:]
  ) throws -> CommandResult {
    try run(product("deeplink"), arguments, input: input, environment: environment)
  }

  /// Runs the real `deeplink` binary with an array of arguments.
  public static func deeplink(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:]
  ) throws -> CommandResult {
    try run(product("deeplink"), arguments, input: input, environment: environment)
  }
}
