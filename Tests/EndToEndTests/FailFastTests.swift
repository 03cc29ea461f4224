import DeepLinkWire
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Failing at once with the real reason, and leaving nothing behind.
@Suite("Fail fast, nothing left behind")
struct FailFastTests {
  /// A world-writable directory makes `deeplink-app` refuse to start.
  static func unsafeDirectory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    chmod(directory.path, 0o777)
    return directory
  }

  @Test func waitPidFailsAtOnceWhenTheAppRefusedToStart() throws {
    let directory = try Self.unsafeDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    // The shell starts the app in the background and reaps it: its status is the shell's.
    let result = try Command.run(
      "/bin/bash",
      [
        "-c", #""$0" --socket "$1" 2>/dev/null & app=$!; "$2" wait --pid "$app" --socket "$1" --timeout 60"#,
        Command.product("deeplink-app"), socket, Command.product("deeplink"),
      ])
    // 69 (the process has gone), not 75 after a minute.
    #expect(result.status == 69, "\(result)")
    // The status when the shell has not reaped the app yet, else where to get it.
    #expect(result.stderr.contains(" before it listened; its log says why"), "\(result)")
  }

  /// Not yet reaped (its parent is busy), the exited app's status is read from `/proc`.
  @Test func waitPidReportsTheExitStatusWhileItCanBeRead() throws {
    let directory = try Self.unsafeDirectory()
    defer { directory.remove() }
    let socket = directory.file("app.sock")
    let pidFile = directory.file("pid")
    // `exec sleep` replaces the shell: the app's parent never reaps it while the test runs.
    let parent = Process()
    parent.executableURL = URL(fileURLWithPath: "/bin/sh")
    parent.arguments = [
      // Builtins only between `&` and `exec`: a command the shell forks and waits for could
      // reap the app along with it.
      "-c", #""$0" --socket "$1" 2>/dev/null & echo $! > "$2"; exec sleep 30"#,
      Command.product("deeplink-app"), socket, pidFile,
    ]
    try parent.run()
    defer {
      parent.terminate()
      parent.waitForExit()
    }
    var pid: String?
    for _ in 0..<2_000 where pid == nil {
      let text = try? String(contentsOfFile: pidFile, encoding: .utf8)
      if let text, text.hasSuffix("\n") { pid = text.trimmingCharacters(in: .whitespacesAndNewlines) }
      if pid == nil { usleep(5_000) }
    }
    let appPID = try #require(pid)
    let result = try Command.deeplink(
      "wait", "--pid", appPID, "--socket", socket, "--timeout", "60", "--json")
    #expect(result.status == 69, "\(result)")
    let error = try JSON.parse(result.stderr)["error"]
    #expect(error?["kind"]?.stringValue == "app-exited")
    #expect(
      error?["message"]?.stringValue
        == "the app (process \(appPID)) exited with status 69 before it listened; its log says why")
  }

  @Test func waitPidOfARunningAppWaitsForIt() throws {
    try withApp { app in
      let result = try app.deeplink("wait", "--pid", String(app.pid))
      #expect(result.status == 0, "\(result)")
    }
  }

  @Test(arguments: ["file", "directory"])
  func aSocketPathThatIsNotASocketIsSaidAtOnce(_ what: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("thing")
    if what == "file" {
      try "x".write(toFile: path, atomically: true, encoding: .utf8)
    } else {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
    let kind = what == "file" ? "a regular file" : "a directory"
    let expected =
      "deeplink: error: \(path) is \(kind), not a socket: no app can listen there (its agent refuses "
      + "to replace it); check --socket or DEEPLINK_SOCKET\n"
    let state = try Command.deeplink("state", "--socket", path)
    #expect(state.status == 69)
    #expect(state.stderr == expected)
    // `wait` does not wait out its minute for a socket that can never come.
    let wait = try Command.deeplink("wait", "--socket", path, "--timeout", "60")
    #expect(wait.status == 69)
    #expect(wait.stderr == expected)
  }

  @Test func theAppSaysThatTheParentDirectoryIsMissing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Command.product("deeplink-app"))
    process.arguments = ["--socket", "a/missing/app.sock"]
    process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitForExit()
    #expect(process.terminationStatus == 69)
    #expect(
      stderr
        == "deeplink-app: error: cannot create the socket's directory a/missing: its parent directory a "
        + "does not exist; create it first, or choose another --socket path\n")
  }

  @Test func aCleanStopLeavesTheDirectoryEmpty() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socketDirectory = directory.file("run")
    let app = try RunningApp.start(socket: socketDirectory + "/app.sock")
    #expect(try app.deeplink("settings").status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: socketDirectory).sorted() == [
        "app.sock", "app.sock.lock",
      ])
    #expect(app.stop() == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: socketDirectory) == [])
    #expect(rmdir(socketDirectory) == 0)
  }

  /// The lock still keeps a second app off a live socket, before and after a clean restart.
  @Test func twoAppsStillCannotShareASocket() throws {
    let first = try RunningApp.start()
    defer { first.stop() }
    let second = try Command.run(Command.product("deeplink-app"), ["--socket", first.socket])
    #expect(second.status == 69)
    #expect(
      second.stderr == "deeplink-app: error: another app is already listening on \(first.socket)\n")
    #expect(try first.deeplink("settings").status == 0)
  }

  /// After `kill -9` the socket and lock files stay; the next app takes them over, and its own
  /// clean stop then removes both.
  @Test func aStaleSocketIsTakenOverAfterKill9() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let socket = directory.file("run/app.sock")
    let killed = try RunningApp.start(socket: socket)
    // Removes the folder RunningApp made for it (empty: the socket is elsewhere).
    defer { killed.stop() }
    killed.send(SIGKILL)
    killed.waitForExit()
    #expect(FileManager.default.fileExists(atPath: socket))
    #expect(FileManager.default.fileExists(atPath: socket + ".lock"))
    let next = try RunningApp.start(socket: socket)
    #expect(try next.deeplink("recipe", "--id", "42").status == 0)
    #expect(next.stop() == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("run")) == [])
  }
}
