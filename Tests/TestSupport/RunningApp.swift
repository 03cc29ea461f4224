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
  /// The app's stderr, read as it comes: an unread pipe fills at 64 KiB and then blocks the
  /// app's next log line, which a test sending thousands of links would hit.
  private let errorLog = LogBuffer()

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
    let reader = errorPipe.fileHandleForReading
    let errorLog = errorLog
    Thread.detachNewThread {
      errorLog.finish(with: reader.readDataToEndOfFile())
    }
  }

  /// The process id of the app, for `/proc/<pid>/fd` and signals.
  public var pid: Int32 { process.processIdentifier }

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

  /// Everything the app logged to stderr (waits for EOF: call after ``stop()``).
  public func log() -> String {
    String(decoding: errorLog.wait(), as: UTF8.self)
  }

  public enum AppError: Error {
    case didNotStart(String)
  }
}

/// The bytes of a stream read to its end on another thread.
private final class LogBuffer: @unchecked Sendable {
  private let condition = NSCondition()
  private var data: Data?

  func finish(with data: Data) {
    condition.lock()
    self.data = data
    condition.broadcast()
    condition.unlock()
  }

  func wait() -> Data {
    condition.lock()
    defer { condition.unlock() }
    while data == nil { condition.wait() }
    return data ?? Data()
  }
}
