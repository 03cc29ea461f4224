import DeepLinkWire
import Foundation
import TestSupport

/// A real `deeplink mcp` process, driven line by line over its standard input and output, as
/// an agent's client drives it.
///
///     let server = try McpProcess.start(["--socket", app.socket])
///     try server.send(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
///     try server.receive()  // {"jsonrpc":"2.0","id":1,"result":{}}
final class McpProcess: @unchecked Sendable {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private var buffered: [UInt8] = []

  /// - Parameter environment: variables set beside the test's own (`XDG_CACHE_HOME`, say).
  static func start(_ arguments: [String] = [], environment extra: [String: String] = [:]) throws
    -> McpProcess
  {
    TestProcess.ignoreBrokenPipe()
    let server = McpProcess()
    server.process.executableURL = URL(fileURLWithPath: Command.product("deeplink"))
    server.process.arguments = ["mcp"] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["DEEPLINK_SOCKET"] = nil
    environment.merge(extra) { $1 }
    server.process.environment = environment
    server.process.standardInput = server.input
    server.process.standardOutput = server.output
    server.process.standardError = server.errors
    try server.process.run()
    return server
  }

  /// Writes `line` and its newline.
  func send(_ line: String) throws {
    try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
  }

  /// Writes raw bytes (a line that is too long, say).
  func send(bytes: [UInt8]) throws {
    try input.fileHandleForWriting.write(contentsOf: Data(bytes))
  }

  /// The next line the server wrote, or `nil` at the end of its output.
  func receiveLine() -> String? {
    while true {
      if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffered[..<newline], as: UTF8.self)
        buffered.removeSubrange(...newline)
        return line
      }
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { return nil }
      buffered += data
    }
  }

  /// The next line, parsed.
  func receive() throws -> JSON {
    guard let line = receiveLine() else { throw Ended() }
    return try JSON.parse(line)
  }

  /// Sends a request and returns its response.
  func request(_ line: String) throws -> JSON {
    try send(line)
    return try receive()
  }

  /// `initialize` at `version`, then `notifications/initialized`; returns the result.
  @discardableResult
  func initialize(version: String = "2025-11-25") throws -> JSON {
    let reply = try request(
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"\#(version)","capabilities":{},"clientInfo":{"name":"tests","version":"1"}}}"#
    )
    try send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    return reply
  }

  /// Closes the server's input (the end of the session) and waits for it to exit; `nil` if it
  /// is still running after `seconds` (then it is killed). A watchdog, not a measurement.
  /// SIGKILL, because a child of the test runner inherits its blocked SIGTERM.
  func closeAndWait(seconds: Double = 20) -> Int32? {
    try? input.fileHandleForWriting.close()
    guard process.waitForExit(timeout: seconds) else {
      kill(process.processIdentifier, SIGKILL)
      return nil
    }
    return process.terminationStatus
  }

  /// What the server wrote to standard error (read once it has exited).
  func errorOutput() -> String {
    String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  struct Ended: Error {}
}
