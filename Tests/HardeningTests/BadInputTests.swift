import DeepLinkRoutes
import DeepLinkWire
import Foundation
import RecipeSampleRoutes
import TestSupport
import Testing

/// Hostile and broken bytes over the real socket, against a real `deeplink-app`: each gets
/// one clear JSON error, the state stays what it was, and the app keeps serving.
@Suite struct BadInputTests {
  /// The state every case starts from: two screens and a flag, so a stray change shows.
  static let startingLink = "debug://recipe-edit?id=42&unsaved=true"

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let kind: String
    /// Words the message must contain.
    let message: String
    /// Whether the app closes the connection after its reply (over-long lines).
    var closes = false
    var testDescription: String { name }
  }

  static let limit = LineFramer.defaultMaximumLineLength
  static func text(_ string: String) -> [UInt8] { Array(string.utf8) }
  /// Seeded bytes from the whole range, without `\n`, starting with an invalid UTF-8 byte.
  static let garbage: [UInt8] = {
    var random = SplitMix64(seed: 6)
    return [0xFF] + (0..<4_000).map { _ in UInt8.random(in: 0...255, using: &random) }.filter { $0 != 0x0A }
  }()

  static let cases: [Case] = [
    Case(
      name: "line over 64 KiB", bytes: [UInt8](repeating: 0x61, count: limit + 1) + text("\n"),
      kind: "line-too-long", message: "request line longer than \(limit) bytes", closes: true),
    Case(
      name: "over 64 KiB and no newline yet", bytes: [UInt8](repeating: 0x61, count: limit * 2),
      kind: "line-too-long", message: "longer than \(limit) bytes", closes: true),
    Case(
      name: "JSON request over 64 KiB",
      bytes: text(
        #"{"op":"open","url":"debug://login-error?message="# + String(repeating: "x", count: limit) + "\"}\n"),
      kind: "line-too-long", message: "longer than \(limit) bytes", closes: true),
    Case(name: "binary garbage", bytes: garbage + text("\n"), kind: "bad-request", message: "the request"),
    Case(
      name: "NUL after a URL", bytes: text("debug://settings\0\n"), kind: "bad-request", message: "NUL byte"),
    Case(name: "a lone NUL", bytes: [0, 0x0A], kind: "bad-request", message: "NUL byte"),
    Case(
      name: "NUL inside JSON", bytes: text("{\"op\":\"open\",\"url\":\"debug://settings\0\"}\n"),
      kind: "bad-request", message: "NUL byte"),
    Case(
      name: "invalid UTF-8 in a URL", bytes: text("debug://login-error?message=") + [0xC3, 0x28, 0x0A],
      kind: "bad-request", message: "not UTF-8"),
    Case(
      name: "overlong UTF-8 encoding", bytes: text("debug://settings") + [0xC0, 0xAF, 0x0A],
      kind: "bad-request", message: "not UTF-8"),
    Case(
      name: "UTF-8 encoded surrogate", bytes: text("debug://settings") + [0xED, 0xA0, 0x80, 0x0A],
      kind: "bad-request", message: "not UTF-8"),
    Case(
      name: "invalid UTF-8 inside JSON", bytes: text(#"{"op":"state","x":""#) + [0xFF] + text("\"}\n"),
      kind: "bad-request", message: "not UTF-8"),
    Case(
      name: "unknown op", bytes: text(#"{"op":"fly"}"# + "\n"), kind: "bad-request",
      message: "unknown op 'fly'; use one of open, state, screen, routes, values, ping, table"),
    Case(
      name: "op that is not a string", bytes: text(#"{"op":42}"# + "\n"), kind: "bad-request",
      message: "the request has no \"op\""),
    Case(
      name: "open without a url", bytes: text(#"{"op":"open","link":"debug://settings"}"# + "\n"),
      kind: "bad-request", message: "\"open\" needs a \"url\" string"),
    Case(
      name: "invalid JSON", bytes: text(#"{"op":"open","url":}"# + "\n"), kind: "bad-request",
      message: "the request is not valid JSON"),
    Case(
      name: "JSON nested 10,000 deep", bytes: text(String(repeating: #"{"a":"#, count: 10_000) + "\n"),
      kind: "bad-request", message: "the request is not valid JSON"),
    Case(name: "empty line", bytes: text("\n"), kind: "bad-request", message: "empty request"),
    Case(name: "blanks only", bytes: text(" \t \r\n"), kind: "bad-request", message: "empty request"),
    Case(
      name: "deadline already passed",
      bytes: text(#"{"op":"open","url":"debug://settings","deadline":1}"# + "\n"), kind: "expired",
      message: "nothing was applied"),
    Case(
      name: "deadline that is not a number",
      bytes: text(#"{"op":"open","url":"debug://settings","deadline":"soon"}"# + "\n"),
      kind: "bad-request", message: "\"deadline\" must be an integer"),
    Case(
      name: "a JSON array", bytes: text("[\"debug://settings\"]\n"), kind: "not-a-url",
      message: "is not a debug link"),
  ]

  @Test(arguments: cases)
  func badInputGetsOneClearErrorAndChangesNothing(_ input: Case) throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let starting = try AppWire.connect(app)
    #expect(try starting.json(Self.startingLink)["ok"] == .bool(true))
    starting.close()
    let before = try AppWire.state(of: app)

    let client = try AppWire.connect(app)
    defer { client.close() }
    let reply = try client.json(bytes: input.bytes)
    #expect(reply["ok"] == .bool(false), "\(reply.serialized)")
    #expect(reply["version"] == .string(RouteTable.recipeSample.version))
    #expect(reply["error"]?["kind"] == .string(input.kind), "\(reply.serialized)")
    let message = reply["error"]?["message"]?.stringValue ?? ""
    #expect(message.contains(input.message), "\(message)")
    #expect(reply["state"] == nil && reply["applied"] == nil)

    if input.closes {
      // One reply, then the app closes its side: nothing more comes on this connection.
      #expect(throws: SocketError.connectionClosed(path: app.socket)) {
        try client.readLine(deadline: .after(milliseconds: AppWire.deadlineMilliseconds))
      }
    } else {
      // The same connection goes on working.
      #expect(try client.json(#"{"op":"ping"}"#)["ok"] == .bool(true))
    }
    #expect(try AppWire.state(of: app) == before)
    #expect(try AppWire.answersPing(app))
  }

  @Test func halfALineThenGoneIsNotApplied() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let before = try AppWire.state(of: app)
    for partial in ["debug://settings", #"{"op":"open","url":"debug://settings"}"#, "debug://recipe?id=4"] {
      let client = try AppWire.connect(app)
      try client.send(bytes: Array(partial.utf8))
      client.close()
    }
    // A request on a new connection is answered only after the app has read the end of the
    // earlier ones (it serves connections in accept order), so this state is after them.
    #expect(try AppWire.state(of: app) == before)
  }

  @Test func silentAndHalfLineClientsHoldNobodyUp() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let silent = try AppWire.connect(app)
    defer { silent.close() }
    let halfLine = try AppWire.connect(app)
    defer { halfLine.close() }
    try halfLine.send(bytes: Array("debug://sett".utf8))

    let busy = try AppWire.connect(app)
    defer { busy.close() }
    for id in 1...100 {
      let reply = try busy.json("debug://recipe?id=\(id)")
      #expect(reply["applied"] == .string("debug://recipe?id=\(id)"))
    }
    // The half line, once finished, is one request like any other.
    try halfLine.send(bytes: Array("ings\n".utf8))
    let finished = try JSON.parse(
      halfLine.readLine(deadline: .after(milliseconds: AppWire.deadlineMilliseconds)))
    #expect(finished["applied"] == .string("debug://settings"))
    #expect(try silent.json(#"{"op":"ping"}"#)["ok"] == .bool(true))
  }

  @Test func rejectedLinksOneAfterAnotherLeaveTheStateAsItWas() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let client = try AppWire.connect(app)
    defer { client.close() }
    #expect(try client.json(Self.startingLink)["ok"] == .bool(true))
    let before = try client.json(#"{"op":"state"}"#)["state"]
    var generator = LinkGenerator(seed: 6)
    var rejected = 0
    for _ in 0..<400 {
      let (url, outcome) = generator.next()
      guard case .rejected(let kind) = outcome else { continue }
      rejected += 1
      let reply = try client.json(url)
      #expect(reply["error"]?["kind"] == .string(kind), "\(url): \(reply.serialized)")
      #expect(try client.json(#"{"op":"state"}"#)["state"] == before, "\(url) changed the state")
    }
    #expect(rejected > 50)
  }
}
