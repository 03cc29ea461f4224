import Foundation

/// A real `deeplink-app` process on a private socket, for end-to-end tests.
///
///     let app = try RunningApp.start()
///     defer { app.stop() }
///     try Command.deeplink("settings", "--socket", app.socket)
public final class RunningApp: @unchecked Sendable {
  public let process: Process
  public let socket: String
  public let directory: TemporaryDirectory
  private let errorPipe = Pipe()

  /// Starts the app (the debug build unless `executable` says otherwise) and returns once it
  /// accepts connections.
  public static func start(
    executable: String = Command.product("deeplink-app"), arguments: [String] = []
  ) throws -> RunningApp {
    let app = try RunningApp(executable: executable, arguments: arguments)
    try app.waitUntilListening()
    return app
  }

  init(executable: String, arguments: [String]) throws {
    directory = try TemporaryDirectory()
    socket = directory.file("app.sock")
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--socket", socket] + arguments
    process.standardError = errorPipe
    process.standardOutput = FileHandle.nullDevice
    try process.run()
  }

  /// Polls with real connects until the socket answers (never sleeps a fixed time first).
  public func waitUntilListening(timeout: TimeInterval = 20) throws {
    let result = try Command.deeplink("wait", "--socket", socket, "--timeout", String(timeout))
    guard result.status == 0 else {
      stop()
      throw AppError.didNotStart(result.description)
    }
  }

  /// SIGTERM, then wait; returns the exit status.
  @discardableResult
  public func stop() -> Int32 {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    directory.remove()
    return process.terminationStatus
  }

  /// Everything the app logged to stderr so far (reads until EOF: call after ``stop()``).
  public func log() -> String {
    String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  public enum AppError: Error {
    case didNotStart(String)
  }
}
