import DeepLinkWire
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `deeplink-app`'s log: never a reason for a client to wait, never lines lost in silence,
/// `--log FILE`, `--quiet`, long URLs cut, expired links named.
@Suite("deeplink-app log")
struct AppLogTests {
  /// A link whose log line is about 270 bytes (its URL stays under the excerpt's cut).
  static func link(_ index: Int) -> String {
    "debug://login-error?message=\(index)" + String(repeating: "m", count: 180)
  }

  /// Sends `count` links on one connection, 500 at a time pipelined, and reads every reply;
  /// each read is bounded by 20 s, which only bounds a hang.
  static func applyPipelined(_ count: Int, socket: String) throws {
    let client = try LineClient.connect(path: socket, deadline: .after(milliseconds: Patience.milliseconds))
    defer { client.close() }
    for start in stride(from: 0, to: count, by: 500) {
      let batch = start..<min(count, start + 500)
      try client.send(
        batch.map(link).joined(separator: "\n"), deadline: .after(milliseconds: Patience.milliseconds))
      for index in batch {
        let reply = try JSON.parse(client.readLine(deadline: .after(milliseconds: Patience.milliseconds)))
        #expect(reply["ok"] == .bool(true), "link \(index): \(reply.serialized)")
      }
    }
  }

  /// The app's stderr is a pipe that nobody reads while 6,000 links (1.6 MB of log, more than
  /// the pipe and the app's 1 MiB buffer hold) are applied: every link is answered, another
  /// client is served, and once the pipe is read, every line is there or counted in an
  /// "N log lines dropped" line. The app used to stop in `write(2)` once the pipe was full,
  /// and every client with it.
  @Test func aLogPipeNobodyReadsHoldsNoClientUp() throws {
    let errors = Pipe()
    let app = try LoggingApp(stderr: errors.fileHandleForWriting)
    defer { app.kill() }
    try Self.applyPipelined(6_000, socket: app.socket)
    let other = try Command.deeplink("settings", "--socket", app.socket)
    #expect(other.status == 0, "\(other)")

    let log = app.stopAndRead(errors)
    let lines = log.split(separator: "\n")
    let applied = lines.filter { $0.hasPrefix("deeplink-app: applied ") }.count
    let dropped = lines.compactMap { line -> Int? in
      guard line.hasPrefix("deeplink-app: "),
        line.hasSuffix(" log lines dropped: the log's reader did not keep up")
      else { return nil }
      return Int(line.dropFirst("deeplink-app: ".count).prefix { $0.isNumber })
    }
    #expect(dropped.reduce(0, +) > 0, "nothing was dropped: the test did not fill the buffer")
    #expect(applied + dropped.reduce(0, +) == 6_001, "\(applied) applied lines, \(dropped) dropped")
    #expect(lines.last == "deeplink-app: stopped; removed \(app.socket)")
  }

  /// An inherited stderr that is non-blocking: `write(2)` says `EAGAIN` when the pipe is full.
  /// The lines wait for room instead of being lost: 2,000 links (540 KB of log, more than the
  /// pipe holds, less than the app's buffer) all logged, none dropped.
  @Test func aNonBlockingStderrLosesNoLine() throws {
    let errors = Pipe()
    let writeEnd = errors.fileHandleForWriting.fileDescriptor
    _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
    let app = try LoggingApp(stderr: errors.fileHandleForWriting)
    defer { app.kill() }
    try Self.applyPipelined(2_000, socket: app.socket)

    let lines = app.stopAndRead(errors).split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("deeplink-app: applied ") }.count == 2_000)
    #expect(!lines.contains { $0.contains("dropped") })
  }

  @Test func logWritesTheLogToAFileAndNothingToStderr() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("app.log")
    let app = try RunningApp.start(arguments: ["--log", file])
    #expect(try app.deeplink("recipe", "--id", "42").status == 0)
    #expect(app.stop() == 0)
    #expect(app.log() == "")
    let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 3, "\(lines)")
    #expect(lines.first?.hasPrefix("deeplink-app: listening on \(app.socket) ") == true)
    #expect(
      lines.dropFirst().first == "deeplink-app: applied debug://recipe?id=42 → Home › Spaghetti Bolognese")
    #expect(lines.last == "deeplink-app: stopped; removed \(app.socket)")
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  /// Each link's log line is in the `--log` file when `deeplink` returns, so a script's
  /// `deeplink …; grep … app.log` always finds it; and a `kill -9` right after loses none.
  @Test func aLinksLineIsInTheLogFileWhenTheCommandReturns() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("app.log")
    let app = try RunningApp.start(arguments: ["--log", file])
    defer { app.stop() }
    for id in [1, 2, 3, 42, 7] {
      #expect(try app.deeplink("recipe", "--id", String(id)).status == 0)
      let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
      #expect(lines.last?.hasPrefix("deeplink-app: applied debug://recipe?id=\(id) → ") == true, "\(lines)")
    }
    app.send(SIGKILL)
    app.waitForExit()
    let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("deeplink-app: applied ") }.count == 5, "\(lines)")
  }

  /// A second run appends to the file rather than replacing what the first one wrote.
  @Test func logAppendsToAnExistingFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("app.log")
    try "earlier line\n".write(toFile: file, atomically: false, encoding: .utf8)
    let app = try RunningApp.start(arguments: ["--log=\(file)"])
    #expect(app.stop() == 0)
    let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
    #expect(lines.first == "earlier line")
    #expect(lines.count == 3, "\(lines)")
  }

  @Test func quietLogsNothing() throws {
    let app = try RunningApp.start(arguments: ["--quiet"])
    #expect(try app.deeplink("settings").status == 0)
    #expect(app.stop() == 0)
    #expect(app.log() == "")
  }

  /// A 10,000-character message makes a URL of about 10 KB; its log line shows the start of
  /// it and its length, not all of it.
  @Test func aLongURLIsCutInItsLogLine() throws {
    let app = try RunningApp.start()
    #expect(try app.deeplink("login-error", "--message", String(repeating: "w", count: 10_000)).status == 0)
    app.stop()
    let line = try #require(RunningApp.appliedLines(in: app.log()).first)
    let url = "debug://login-error?message=" + String(repeating: "w", count: 10_000)
    #expect(line == "applied \(url.prefix(160))… (\(url.utf8.count) bytes) → Home › Login")
  }

  /// A link read after its deadline is dropped, and the log says so: the client that sent it
  /// has given up and will never see the `expired` reply.
  @Test func anExpiredLinkIsLogged() throws {
    let app = try RunningApp.start()
    // Stopped below to read its log; this stops it and removes its folder if a step throws.
    defer { app.stop() }
    let client = try LineClient.connect(
      path: app.socket, deadline: .after(milliseconds: Patience.milliseconds))
    let reply = try JSON.parse(
      client.request(
        #"{"op":"open","url":"DEBUG://Settings/","deadline":1}"#,
        deadline: .after(milliseconds: Patience.milliseconds)))
    client.close()
    #expect(reply["error"]?["kind"] == .string("expired"))
    app.stop()
    let expired = app.log().split(separator: "\n").filter { $0.hasPrefix("deeplink-app: expired ") }
    #expect(expired.count == 1, "\(app.log())")
    #expect(
      expired.first.map {
        $0.hasPrefix("deeplink-app: expired debug://settings: read ")
          && $0.hasSuffix(" ms after its deadline, not applied")
      } == true, "\(expired)")
    #expect(RunningApp.appliedLines(in: app.log()).isEmpty)
  }

  /// Wrong `--log` options (and `--quiet`), each with its exit code and message.
  static let wrongLogOptions: [([String], Int32, String)] = [
    (["--log"], 64, "deeplink-app: error: --log needs a file path"),
    (
      ["--quiet", "--log", "x.log"], 64,
      "deeplink-app: error: --quiet and --log contradict each other; give one"
    ),
    (["--log", "a.log", "--log", "b.log"], 64, "deeplink-app: error: --log is given twice; give it once"),
    (["--log=a.log", "--log", "b.log"], 64, "deeplink-app: error: --log is given twice; give it once"),
    (["--log=a.log", "--log=b.log"], 64, "deeplink-app: error: --log is given twice; give it once"),
    (["--log="], 64, "deeplink-app: error: --log expects a file path, got ''"),
    (["--log", ""], 64, "deeplink-app: error: --log expects a file path, got ''"),
    (
      ["--log", "--socket", "other.sock"], 64,
      "deeplink-app: error: --log needs a file path, got the option '--socket'; "
        + "for a path of that name write --log=--socket"
    ),
    (
      ["--log", "/nonexistent-dir/app.log"], 73,
      "deeplink-app: error: cannot open the log file /nonexistent-dir/app.log: No such file or directory (ENOENT)"
    ),
  ]

  @Test(arguments: wrongLogOptions)
  func wrongLogOptionsAreRefused(_ arguments: [String], _ status: Int32, _ message: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try Command.run(
      Command.product("deeplink-app"), ["--socket", directory.file("app.sock")] + arguments)
    #expect(result.status == status, "\(result)")
    #expect(result.stderr.hasPrefix(message + "\n"), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: directory.file("app.sock")))
  }
}

/// A `deeplink-app` whose stderr is a pipe the test reads only when it chooses to.
final class LoggingApp {
  let process = Process()
  let directory: TemporaryDirectory
  var socket: String { directory.file("app.sock") }

  init(stderr: FileHandle) throws {
    directory = try TemporaryDirectory()
    process.executableURL = URL(fileURLWithPath: Command.product("deeplink-app"))
    process.arguments = ["--socket", directory.file("app.sock")]
    process.standardError = stderr
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    try stderr.close()
    let waited = try Command.deeplink(
      "wait", "--socket", directory.file("app.sock"), "--timeout", Patience.timeoutArgument)
    guard waited.status == 0 else { throw LoggingAppError(description: "\(waited)") }
  }

  /// Reads the pipe from now on, stops the app with SIGTERM, and returns everything it logged.
  func stopAndRead(_ pipe: Pipe) -> String {
    let reader = pipe.fileHandleForReading
    let bytes = Locked(Data())
    let done = DispatchSemaphore(value: 0)
    Thread {
      let data = reader.readDataToEndOfFile()
      bytes.withLock { $0 = data }
      done.signal()
    }.start()
    process.terminate()
    process.waitForExit()
    #expect(process.terminationStatus == 0)
    _ = done.wait(timeout: .now() + 20)
    return String(decoding: bytes.withLock { $0 }, as: UTF8.self)
  }

  func kill() {
    if process.isRunning {
      Glibc.kill(process.processIdentifier, SIGKILL)
      process.waitForExit()
    }
    directory.remove()
  }
}

struct LoggingAppError: Error, CustomStringConvertible {
  let description: String
}
