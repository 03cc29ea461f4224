import Foundation

/// A real `deeplink-app` process on a private socket, for end-to-end tests.
///
///     let app = try RunningApp.start()
///     defer { app.stop() }
///     try Command.deeplink("settings", "--socket", app.socket)
///
/// The app's stderr is drained continuously (so a chatty app never blocks on a full pipe) and
/// available from ``log()`` once the app has exited.
public final class RunningApp: @unchecked Sendable {
  public let process: Process
  public let socket: String
  public let directory: TemporaryDirectory
  private let errorPipe = Pipe()
  private let drained = DispatchGroup()
  nonisolated(unsafe) private var errorBytes = Data()

  /// Starts the app (the debug build unless `executable` says otherwise) and returns once it
  /// accepts connections.
  ///
  /// - Parameter socket: where the app listens; a fresh private directory's `app.sock` when `nil`.
  public static func start(
    executable: String = Command.product("deeplink-app"), socket: String? = nil, arguments: [String] = []
  ) throws -> RunningApp {
    let app = try RunningApp(executable: executable, socket: socket, arguments: arguments)
    try app.waitUntilListening()
    return app
  }

  /// Starts an app that plays one on the iOS Simulator, as CoreSimulator would start it:
  /// `SIMULATOR_UDID` in its environment and its bundle id (`--bundle-id`), no `--socket`
  /// (nor `DEEPLINK_SOCKET`); returns once `socket`, where it is expected to listen, answers.
  public static func startOnSimulator(
    udid: String, bundleID: String, socket: String, executable: String = Command.product("deeplink-app"),
    arguments: [String] = [], environment: [String: String] = [:]
  ) throws -> RunningApp {
    var variables = ProcessInfo.processInfo.environment
    variables["DEEPLINK_SOCKET"] = nil
    variables["SIMULATOR_UDID"] = udid
    variables.merge(environment) { $1 }
    let app = try RunningApp(
      executable: executable, socket: socket, arguments: ["--bundle-id", bundleID] + arguments,
      passesSocket: false, environment: variables)
    try app.waitUntilListening()
    return app
  }

  init(
    executable: String, socket: String?, arguments: [String], passesSocket: Bool = true,
    environment: [String: String]? = nil
  ) throws {
    TestProcess.ignoreBrokenPipe()
    directory = try TemporaryDirectory()
    self.socket = socket ?? directory.file("app.sock")
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = (passesSocket ? ["--socket", self.socket] : []) + arguments
    if let environment { process.environment = environment }
    process.standardError = errorPipe
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let reader = errorPipe.fileHandleForReading
    drained.enter()
    DispatchQueue.global().async { [self] in
      errorBytes = reader.readDataToEndOfFile()
      drained.leave()
    }
  }

  /// An app dropped without ``stop()`` (a test that killed it and started another in its
  /// place) leaves no folder behind either. It has exited by then: the reader of its stderr
  /// holds this object until the app's end closes the pipe.
  deinit {
    directory.remove()
  }

  /// The app's process id, for `kill(2)`.
  public var pid: Int32 { process.processIdentifier }

  /// Polls with real connects until the socket answers (never sleeps a fixed time first).
  public func waitUntilListening(timeout: TimeInterval = Patience.seconds) throws {
    let result = try Command.deeplink("wait", "--socket", socket, "--timeout", String(timeout))
    guard result.status == 0 else {
      stop()
      throw AppError.didNotStart(result.description)
    }
  }

  /// SIGTERM (and SIGCONT, in case a test left the app stopped), then wait; returns the exit
  /// status.
  @discardableResult
  public func stop() -> Int32 {
    if process.isRunning {
      process.terminate()
      kill(process.processIdentifier, SIGCONT)
      process.waitForExit()
    }
    directory.remove()
    return process.terminationStatus
  }

  /// Waits for the app to exit (after a signal sent some other way) and returns its status.
  @discardableResult
  public func waitForExit() -> Int32 {
    process.waitForExit()
    return process.terminationStatus
  }

  /// Everything the app logged to stderr (waits for EOF: call once the app has exited).
  public func log() -> String {
    drained.wait()
    return String(decoding: errorBytes, as: UTF8.self)
  }

  public enum AppError: Error {
    case didNotStart(String)
  }
}
