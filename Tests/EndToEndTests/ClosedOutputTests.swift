import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One rule for a closed stdout: `deeplink` stops at once and silently, as
/// a Unix filter does — killed by SIGPIPE when it has the default disposition, exit 141 when
/// SIGPIPE is ignored — whatever the command, and whether or not it talked to an app.
@Suite("A closed stdout")
struct ClosedOutputTests {
  enum Disposition: String, CaseIterable, Sendable {
    case `default` = "--default-signal=PIPE"
    case ignored = "--ignore-signal=PIPE"
  }

  struct Ending: Equatable, CustomStringConvertible {
    let signalled: Bool
    let status: Int32
    let stderr: String
    var description: String { "\(signalled ? "signal" : "exit") \(status), stderr: \(stderr)" }
  }

  /// Runs `deeplink arguments` through `env` (which sets SIGPIPE's disposition and execs it)
  /// with a stdout pipe whose read end is already closed: the first write finds no reader.
  static func runWithClosedStdout(_ arguments: [String], _ disposition: Disposition) throws -> Ending {
    let env = try ExternalTool.require("env")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A pipe of our own, its read end closed at once: no descriptor number of ours is left
    // for Foundation to close twice. Standard error goes to a file, so no reader waits on it.
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
    close(ends[0])
    let output = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    let errorsPath = directory.file("stderr")
    _ = FileManager.default.createFile(atPath: errorsPath, contents: nil)
    let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorsPath))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: env)
    process.arguments = [disposition.rawValue, Command.product("deeplink")] + arguments
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try output.close()
    try errors.close()
    process.waitForExit()
    return Ending(
      signalled: process.terminationReason == .uncaughtSignal, status: process.terminationStatus,
      stderr: try String(contentsOfFile: errorsPath, encoding: .utf8))
  }

  /// What the rule expects: the signal with its default disposition, else exit 141; no message.
  static func expected(_ disposition: Disposition) -> Ending {
    disposition == .default
      ? Ending(signalled: true, status: SIGPIPE, stderr: "")
      : Ending(signalled: false, status: 141, stderr: "")
  }

  @Test(arguments: Disposition.allCases)
  func commandsWithoutAnApp(_ disposition: Disposition) throws {
    for arguments in [["routes"], ["url", "settings"], ["version"], ["help"], ["completions", "bash"]] {
      #expect(
        try Self.runWithClosedStdout(arguments, disposition) == Self.expected(disposition), "\(arguments)")
    }
  }

  /// The socket's library code leaves SIGPIPE alone, so a command that talked to the app ends
  /// the same way (it used to print "internal error" and exit 70).
  @Test(arguments: Disposition.allCases)
  func commandsThatTalkToTheApp(_ disposition: Disposition) throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    for arguments in [["state"], ["screen"], ["settings"], ["wait"]] {
      let ending = try Self.runWithClosedStdout(arguments + ["--socket", app.socket], disposition)
      #expect(ending == Self.expected(disposition), "\(arguments)")
    }
  }

  /// `deeplink batch steps | grep -q first`: the batch stops at the first result nobody
  /// reads, silently; the links after it are not sent.
  @Test(arguments: Disposition.allCases)
  func aBatchStopsAtTheFirstUnreadResult(_ disposition: Disposition) throws {
    let app = try RunningApp.start()
    // Stopped below to read its log; this stops it and removes its folder if a step throws.
    defer { app.stop() }
    let file = app.directory.file("steps")
    try "settings\nrecipes\nlogin\n".write(toFile: file, atomically: true, encoding: .utf8)
    #expect(
      try Self.runWithClosedStdout(["batch", file, "--socket", app.socket], disposition)
        == Self.expected(disposition))
    #expect(app.stopAndReadAppliedLines().count == 1)
  }
}
