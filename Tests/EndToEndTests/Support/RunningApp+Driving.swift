import DeepLinkWire
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension RunningApp {
  /// Runs the real `deeplink` binary against this app: `arguments`, then `--socket <socket>`.
  func deeplink(_ arguments: String..., input: String? = nil) throws -> CommandResult {
    try deeplink(arguments, input: input)
  }

  func deeplink(_ arguments: [String], input: String? = nil) throws -> CommandResult {
    try Command.run(Command.product("deeplink"), arguments + ["--socket", socket], input: input)
  }

  /// The app's state as `deeplink state --json` prints it.
  func state(sourceLocation: SourceLocation = #_sourceLocation) throws -> JSON {
    let result = try deeplink("state", "--json")
    #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
    return try JSON.parse(result.stdout)
  }

  /// The app's screen as `deeplink screen` prints it.
  func screen() throws -> String {
    try deeplink("screen").stdout
  }

  /// Stops the app with SIGTERM and returns the `applied …` lines of its log, in order,
  /// without the `deeplink-app: ` prefix.
  func stopAndReadAppliedLines() -> [String] {
    stop()
    return Self.appliedLines(in: log())
  }

  static func appliedLines(in log: String) -> [String] {
    log.split(separator: "\n").compactMap { line in
      line.hasPrefix("deeplink-app: applied ") ? String(line.dropFirst("deeplink-app: ".count)) : nil
    }
  }

  /// Sends `signal` to the app (SIGSTOP, SIGCONT, SIGKILL, …).
  func send(_ signal: Int32) {
    kill(pid, signal)
  }
}

/// Runs `body` with a freshly started app, stopping it afterwards.
func withApp<Result>(_ body: (RunningApp) throws -> Result) throws -> Result {
  let app = try RunningApp.start()
  defer { app.stop() }
  return try body(app)
}

/// The state of an app that has applied no link yet (and of one after `reset`).
let rootPath = "[]"
let noOverrides = "{}"

/// A file checked in beside another test target, such as `RecipeSampleAppTests/Golden/root.txt`.
func checkedInFile(_ relativePath: String) throws -> String {
  // This file is Tests/EndToEndTests/Support/RunningApp+Driving.swift.
  let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  return try String(contentsOf: tests.appendingPathComponent(relativePath), encoding: .utf8)
}
