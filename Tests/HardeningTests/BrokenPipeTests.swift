import Foundation
import TestSupport
import Testing

@testable import DeepLinkWire

#if canImport(Glibc)
  import Glibc
#endif

/// The agent and SIGPIPE: it leaves the process's disposition as the host set it (a library
/// must not change it), and clients or a log reader that go away still cost the app nothing.
@Suite struct BrokenPipeTests {
  enum Disposition: String, CaseIterable, Sendable {
    case `default` = "--default-signal=PIPE"
    case ignored = "--ignore-signal=PIPE"
  }

  /// A real `deeplink-app`, started through `env` (which sets SIGPIPE's disposition and execs
  /// it, keeping the process id), its stderr going to `stderr`, on a private socket.
  struct App {
    let process: Process
    let directory: TemporaryDirectory
    var socket: String { directory.file("app.sock") }

    init(_ disposition: Disposition, stderr: FileHandle) throws {
      let env = try ExternalTool.require("env")
      directory = try TemporaryDirectory()
      process = Process()
      process.executableURL = URL(fileURLWithPath: env)
      process.arguments = [disposition.rawValue, Command.product("deeplink-app"), "--socket", socket]
      process.standardError = stderr
      process.standardOutput = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let waited = try Command.deeplink("wait", "--socket", socket, "--timeout", Patience.timeoutArgument)
      guard waited.status == 0 else {
        stop()
        throw AppDidNotStart(description: "\(waited)")
      }
    }

    /// SIGTERM (unless the app is gone already), its end, and its directory removed.
    @discardableResult
    func stop() -> (reason: Process.TerminationReason, status: Int32) {
      if process.isRunning { process.terminate() }
      process.waitForExit()
      directory.remove()
      return (process.terminationReason, process.terminationStatus)
    }
  }

  struct AppDidNotStart: Error, CustomStringConvertible {
    let description: String
  }

  /// Whether `/proc/PID/status` lists SIGPIPE among the signals the process ignores.
  static func ignoresBrokenPipe(_ pid: Int32) throws -> Bool {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") })
    let mask = try #require(
      UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16))
    return mask & (1 << UInt64(SIGPIPE - 1)) != 0
  }

  /// The app used to ignore SIGPIPE for the whole process as soon as it served (and an app
  /// that starts the agent with it): the disposition is the host's, before and after links
  /// were answered.
  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "reads /proc/PID/status"),
    arguments: Disposition.allCases)
  func theAppKeepsTheDispositionItWasStartedWith(_ disposition: Disposition) throws {
    let app = try App(disposition, stderr: FileHandle.nullDevice)
    defer { app.stop() }
    #expect(try Command.deeplink("settings", "--socket", app.socket).status == 0)
    #expect(try Self.ignoresBrokenPipe(app.process.processIdentifier) == (disposition == .ignored))
  }

  /// With SIGPIPE at its default, nothing the app writes into a closed pipe or socket may
  /// raise it: its log's reader is gone from the start (every log line is an `EPIPE`), and
  /// clients send pipelined links and leave before their replies. The app answers on, and
  /// exits 0 on SIGTERM, not killed by a signal.
  @Test func withTheDefaultDispositionTheAppOutlivesClientsAndALogReaderThatLeft() throws {
    // A pipe of our own, its read end closed at once.
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
    close(ends[0])
    let log = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    let app = try App(.default, stderr: log)
    try log.close()
    defer { app.stop() }

    let burst = (1...40).map { "debug://recipe?id=\($0)\n" }.joined()
    for _ in 0..<50 {
      let client = try LineClient.connect(
        path: app.socket, deadline: .after(milliseconds: Patience.milliseconds))
      try client.write(Array(burst.utf8), deadline: .after(milliseconds: Patience.milliseconds))
      client.close()
    }
    for route in ["settings", "recipes", "login"] {
      // The app first drains the 2,000 links of the burst (slow under a sanitizer on busy
      // cores): the hang bound, not the default timeout, is what this waits for.
      let result = try Command.deeplink(route, "--socket", app.socket, "--timeout", Patience.timeoutArgument)
      #expect(result.status == 0, "\(result)")
    }
    #expect(app.process.isRunning)
    let ending = app.stop()
    #expect(ending.reason == .exit && ending.status == 0, "\(ending)")
  }

  /// The ways `deeplink-app` fails before or instead of serving, each with the status its
  /// usage documents; what follows the socket path is added by the test.
  static let failures: [(String, [String], Int32)] = [
    ("a usage error", ["--bogus"], 64),
    ("a log file that cannot be opened", ["--log", "/nonexistent-dir/app.log"], 73),
    ("a socket path too long, logging to stderr", ["--socket", String(repeating: "x", count: 120)], 69),
    ("a socket path too long, --quiet", ["--quiet", "--socket", String(repeating: "x", count: 120)], 69),
    (
      "a socket path too long, --log FILE", ["--log", "LOG", "--socket", String(repeating: "x", count: 120)],
      69
    ),
  ]

  /// With SIGPIPE at its default and stderr a pipe whose reader is gone, the app's error
  /// message is an `EPIPE` and the app exits with its documented status. It used to write
  /// the message from the main thread, where SIGPIPE killed it before it could exit.
  @Test(arguments: failures)
  func anErrorIntoAClosedStderrKeepsItsExitStatus(_ name: String, _ arguments: [String], _ status: Int32)
    throws
  {
    let env = try ExternalTool.require("env")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
    close(ends[0])
    let stderr = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: env)
    process.arguments =
      [Disposition.default.rawValue, Command.product("deeplink-app")]
      + arguments.map {
        $0 == "LOG" ? directory.file("app.log") : $0.hasPrefix("xxx") ? directory.file($0 + "/app.sock") : $0
      }
    process.standardError = stderr
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try stderr.close()
    process.waitForExit()
    #expect(process.terminationReason == .exit, "\(name): killed by signal \(process.terminationStatus)")
    #expect(process.terminationStatus == status, "\(name)")
  }
}
