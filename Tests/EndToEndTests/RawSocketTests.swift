import DeepLinkRoutes
import DeepLinkWire
import RecipeSampleRoutes
import TestSupport
import Testing

/// The wire without our CLI: one request line in, one JSON line out, as `socat` and `nc -U`
/// see it.
@Suite("Raw socket")
struct RawSocketTests {
  /// `socat -t 10 - UNIX-CONNECT:<socket>` with `input` on stdin: the reply lines.
  static func socat(_ input: String, socket: String) throws -> [Substring] {
    let result = try Command.run(
      try ExternalTool.require("socat"), ["-t", "10", "-", "UNIX-CONNECT:" + socket], input: input)
    #expect(result.status == 0, "\(result)")
    return result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
  }

  @Test(.requires("socat"))
  func aBareURLLineAppliesTheLink() throws {
    try withApp { app in
      let lines = try Self.socat("debug://recipe?id=42\n", socket: app.socket)
      #expect(lines.count == 2 && lines[1] == "", "\(lines)")
      let reply = try JSON.parse(String(lines[0]))
      #expect(reply["ok"]?.boolValue == true)
      #expect(reply["version"]?.stringValue == RouteTable.recipeSample.version)
      #expect(reply["applied"]?.stringValue == "debug://recipe?id=42")
      #expect(reply["state"]?["path"]?.serialized == #"[{"destination":"recipe","id":42}]"#)
      #expect(reply["state"] == (try app.state()))
    }
  }

  @Test(.requires("nc"))
  func aJSONStateRequestWithNetcat() throws {
    try withApp { app in
      #expect(try app.deeplink("login-error").status == 0)
      let result = try Command.run(
        try ExternalTool.require("nc"), ["-N", "-U", app.socket], input: #"{"op":"state"}"# + "\n")
      #expect(result.status == 0, "\(result)")
      let lines = result.stdout.split(separator: "\n")
      #expect(lines.count == 1)
      let reply = try JSON.parse(String(lines[0]))
      #expect(reply["ok"]?.boolValue == true)
      #expect(reply["version"]?.stringValue == RouteTable.recipeSample.version)
      #expect(reply["state"] == (try app.state()))
    }
  }

  /// A last line without its newline (`printf` instead of `echo`, or a client killed while
  /// writing) is answered with `bad-request` and not applied: it may be cut short, and a link
  /// cut short can be another link (`id=42` cut to `id=4`). It used to get no answer at all.
  @Test(.requires("socat"))
  func aLastLineWithoutANewlineIsAnsweredAndNotApplied() throws {
    try withApp { app in
      let lines = try Self.socat("debug://settings\ndebug://recipe?id=4", socket: app.socket)
      #expect(lines.count == 3 && lines[2] == "", "\(lines)")
      #expect(try JSON.parse(String(lines[0]))["applied"] == .string("debug://settings"))
      let refusal = try JSON.parse(String(lines[1]))
      #expect(refusal["ok"] == .bool(false))
      #expect(refusal["version"] == .string(RouteTable.recipeSample.version))
      #expect(refusal["error"]?["kind"] == .string("bad-request"))
      #expect(
        refusal["error"]?["message"]
          == .string(
            "the input ended 19 bytes after the last newline: that request was cut short or has no "
              + "newline, and was not applied; end each request with a newline"))
      #expect(try app.state()["path"]?.serialized == #"[{"destination":"settings"}]"#)
    }
  }

  /// Garbage gets an error reply and the connection and the app go on serving.
  @Test(.requires("socat"))
  func garbageGetsAJSONErrorAndTheAppKeepsServing() throws {
    try withApp { app in
      let input =
        [
          "garbage", "{not json", #"{"op":"fly"}"#, "debug://recipee?id=1", "debug://recipe?id=abc",
          #"{"op":"open","url":"debug://settings","deadline":"soon"}"#, "", "debug://settings",
        ].joined(separator: "\n") + "\n"
      let lines = try Self.socat(input, socket: app.socket)
      #expect(lines.count == 9, "\(lines)")
      let replies = try lines.dropLast().map { try JSON.parse(String($0)) }
      #expect(
        replies.map { $0["error"]?["kind"]?.stringValue } == [
          "not-a-url", "bad-request", "bad-request", "unknown-route", "invalid-value", "bad-request",
          "bad-request", nil,
        ])
      #expect(replies.allSatisfy { $0["version"]?.stringValue == RouteTable.recipeSample.version })
      #expect(replies.dropLast().allSatisfy { $0["ok"]?.boolValue == false })
      #expect(replies.dropLast().allSatisfy { $0["error"]?["message"]?.stringValue?.isEmpty == false })
      #expect(replies.last?["ok"]?.boolValue == true)
      #expect(try app.deeplink("recipe", "--id", "1").status == 0)
      #expect(app.stopAndReadAppliedLines().count == 2)
    }
  }

  /// One connection carries many requests, answered in order (what `batch` relies on).
  @Test func oneConnectionCarriesManyRequestsInOrder() throws {
    try withApp { app in
      let client = try LineClient.connect(
        path: app.socket, deadline: .after(milliseconds: Patience.milliseconds))
      defer { client.close() }
      for line in ["debug://settings", #"{"op":"ping"}"#, "debug://favorites", #"{"op":"screen"}"#] {
        try client.send(line, deadline: .after(milliseconds: Patience.milliseconds))
      }
      let replies = try (0..<4).map { _ in
        try JSON.parse(try client.readLine(deadline: .after(milliseconds: Patience.milliseconds)))
      }
      #expect(replies.map { $0["ok"]?.boolValue } == [true, true, true, true])
      #expect(replies[0]["applied"]?.stringValue == "debug://settings")
      #expect(replies[1]["debugLinks"]?.boolValue == true)
      #expect(replies[2]["applied"]?.stringValue == "debug://favorites")
      #expect(replies[3]["screen"]?.stringValue == (try app.screen()))
      #expect(replies[3]["screen"] == replies[2]["state"]?["screen"])
    }
  }

  @Test func aRequestLineOverTheLimitIsRejectedAndAppliesNothing() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let client = try LineClient.connect(
      path: app.socket, deadline: .after(milliseconds: Patience.milliseconds))
    defer { client.close() }
    let long = "debug://login-error?message=" + String(repeating: "x", count: 70_000)
    try client.send(long, deadline: .after(milliseconds: Patience.milliseconds))
    let reply = try JSON.parse(try client.readLine(deadline: .after(milliseconds: Patience.milliseconds)))
    #expect(reply["ok"]?.boolValue == false)
    #expect(reply["error"]?["kind"]?.stringValue == "line-too-long")
    #expect(try app.state()["path"]?.serialized == rootPath)
    #expect(app.stopAndReadAppliedLines() == [])
  }
}
