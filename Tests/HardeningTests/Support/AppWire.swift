import Foundation
import TestSupport

@testable import DeepLinkWire

/// Talking to a real `deeplink-app` over its socket, with deadlines generous enough for a
/// loaded two-core machine (they bound a hang; no test asserts a duration).
enum AppWire {
  static let deadlineMilliseconds = Patience.milliseconds

  static func connect(_ app: RunningApp) throws -> LineClient {
    try LineClient.connect(path: app.socket, deadline: .after(milliseconds: deadlineMilliseconds))
  }

  /// The app's state as `{"op":"state"}` reports it, on a fresh connection.
  static func state(of app: RunningApp) throws -> JSON {
    let client = try connect(app)
    defer { client.close() }
    let reply = try client.json(#"{"op":"state"}"#)
    guard let state = reply["state"] else { throw Failure("no state in \(reply.serialized)") }
    return state
  }

  /// Whether the app answers a ping on a fresh connection.
  static func answersPing(_ app: RunningApp) throws -> Bool {
    let client = try connect(app)
    defer { client.close() }
    return try client.json(#"{"op":"ping"}"#)["ok"] == .bool(true)
  }

  /// The descriptors the app process holds open, from `/proc/<pid>/fd`.
  static func openDescriptors(of app: RunningApp) throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/\(app.pid)/fd").count
  }
}

extension LineClient {
  /// Sends `line` and parses the reply line as JSON.
  func json(_ line: String) throws -> JSON {
    try JSON.parse(request(line, deadline: .after(milliseconds: AppWire.deadlineMilliseconds)))
  }

  /// Sends `bytes` exactly as given (no `\n` added) and parses the next reply line.
  func json(bytes: [UInt8]) throws -> JSON {
    let deadline = Deadline.after(milliseconds: AppWire.deadlineMilliseconds)
    try write(bytes, deadline: deadline)
    return try JSON.parse(readLine(deadline: deadline))
  }

  /// Writes raw bytes (no `\n` added).
  func send(bytes: [UInt8]) throws {
    try write(bytes, deadline: .after(milliseconds: AppWire.deadlineMilliseconds))
  }
}

/// The parts of an app `state` object that ``SampleSpecification`` describes.
enum ExpectedState {
  /// The `path` and `overrides` of an app `state` object, without its `screen` text.
  static func comparable(_ state: JSON) -> JSON {
    .object([("path", state["path"] ?? .null), ("overrides", state["overrides"] ?? .null)])
  }
}

struct Failure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
