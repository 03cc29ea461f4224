import Foundation

/// A real process that keeps running while a test acts around it (`deeplink <route> --keep`),
/// its standard output and error read as they come, on threads of their own.
///
///     let keep = try WatchedProcess.start(Command.product("deeplink"), ["settings", "--keep"])
///     #expect(keep.waitUntil { stdout, _ in stdout.contains("Settings") })
///     #expect(keep.interrupt() == 0)
public final class WatchedProcess: @unchecked Sendable {
  public let process = Process()
  private let output = Pipe()
  private let errors = Pipe()
  private let lock = NSLock()
  private var outputBytes = Data()
  private var errorBytes = Data()
  private let drained = DispatchGroup()

  /// Starts `executable` with `arguments` in ``Command/childEnvironment(_:)``, as ``Command``
  /// runs one.
  public static func start(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> WatchedProcess {
    TestProcess.ignoreBrokenPipe()
    let watched = WatchedProcess()
    watched.process.executableURL = URL(fileURLWithPath: executable)
    watched.process.arguments = arguments
    watched.process.environment = Command.childEnvironment(environment)
    watched.process.standardInput = FileHandle.nullDevice
    watched.process.standardOutput = watched.output
    watched.process.standardError = watched.errors
    try watched.process.run()
    watched.drain(watched.output.fileHandleForReading) { $0.outputBytes.append($1) }
    watched.drain(watched.errors.fileHandleForReading) { $0.errorBytes.append($1) }
    return watched
  }

  /// Reads `handle` until its end on a thread of its own (never a Dispatch worker, which the
  /// tests keep busy), handing each chunk to `append` under the lock.
  private func drain(_ handle: FileHandle, _ append: @escaping @Sendable (WatchedProcess, Data) -> Void) {
    drained.enter()
    let thread = Thread { [self] in
      while true {
        let data = handle.availableData
        if data.isEmpty { break }
        lock.withLock { append(self, data) }
      }
      drained.leave()
    }
    thread.start()
  }

  /// What the process wrote to standard output so far.
  public var stdout: String { lock.withLock { String(decoding: outputBytes, as: UTF8.self) } }
  /// What the process wrote to standard error so far.
  public var stderr: String { lock.withLock { String(decoding: errorBytes, as: UTF8.self) } }

  /// Waits until `condition(stdout, stderr)` holds, looking every 10 ms, for ``Patience/seconds``
  /// at most; whether it held. A bound on a hang, never a measure of speed.
  public func waitUntil(_ condition: (String, String) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(Patience.seconds)
    while Date() < deadline {
      if condition(stdout, stderr) { return true }
      usleep(10_000)
    }
    return condition(stdout, stderr)
  }

  /// Sends `signal` (SIGINT: a Ctrl-C), then waits for the process to exit and its output to
  /// end; its exit status, or `nil` when it was ended by a signal or was still running after
  /// ``Patience/seconds`` (then it is killed).
  public func interrupt(_ signal: Int32 = SIGINT) -> Int32? {
    kill(process.processIdentifier, signal)
    guard process.waitForExit(timeout: Patience.seconds) else {
      kill(process.processIdentifier, SIGKILL)
      return nil
    }
    _ = drained.wait(timeout: .now() + Patience.seconds)
    return process.terminationReason == .exit ? process.terminationStatus : nil
  }

  /// Kills the process if it still runs (a test that failed half-way).
  public func stop() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  /// How many times `text` occurs in what the process wrote to standard output so far.
  public func count(of text: String) -> Int {
    stdout.components(separatedBy: text).count - 1
  }
}
