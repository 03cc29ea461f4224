import DeepLinkAgent
import DeepLinkRoutes
import DeepLinkWire
import RecipeSampleRoutes
import Testing

/// The wire protocol as the app answers it, one line in, one line out, without a socket.
@Suite struct RequestHandlerTests {
  var handler = RequestHandler(now: { 1_000_000 })

  mutating func send(_ line: String) throws -> JSON {
    try JSON.parse(handler.handle(Array(line.utf8)[...]).reply)
  }

  @Test mutating func aBareURLLineOpensTheLink() throws {
    let reply = try send("debug://recipe?id=42")
    #expect(reply["ok"] == .bool(true))
    #expect(reply["version"] == .string(RouteTable.recipeSample.version))
    #expect(reply["applied"] == .string("debug://recipe?id=42"))
    #expect(
      reply["state"]?["path"] == .array([.object([("destination", .string("recipe")), ("id", .int(42))])]))
    #expect(reply["state"]?["overrides"] == .emptyObject)
    #expect(reply["state"]?["screen"]?.stringValue?.hasPrefix("Home › Spaghetti Bolognese\n") == true)
  }

  /// The request is scanned eight bytes at a time for a NUL and for bytes past ASCII: a NUL,
  /// a two-byte character and an invalid byte each at every offset of a line of three words.
  @Test mutating func everyOffsetOfALineIsScannedForNULAndUTF8() throws {
    let prefix = Array("debug://login-error?message=".utf8)
    for offset in 0..<24 {
      func line(_ inserted: [UInt8]) -> ArraySlice<UInt8> {
        var text = prefix + Array(repeating: UInt8(ascii: "m"), count: 24)
        text.replaceSubrange(prefix.count + offset..<prefix.count + offset + 1, with: inserted)
        return text[...]
      }
      let nul = try JSON.parse(handler.handle(line([0])).reply)
      #expect(nul["error"]?["message"] == .string("the request contains a NUL byte"), "NUL at \(offset)")
      let invalid = try JSON.parse(handler.handle(line([0xFF])).reply)
      #expect(invalid["error"]?["message"] == .string("the request is not UTF-8 text"), "0xFF at \(offset)")
      let accented = try JSON.parse(handler.handle(line(Array("é".utf8))).reply)
      #expect(accented["ok"] == .bool(true), "é at \(offset)")
    }
  }

  /// Two links whose text Unicode calls equal but whose bytes differ are two links: each is
  /// parsed, applied and answered with its own bytes, whichever came first.
  @Test mutating func linksThatDifferOnlyInTheirBytesAreEachTheirOwn() throws {
    let precomposed = ("caf\u{E9}", "caf%C3%A9")
    let decomposed = ("cafe\u{301}", "cafe%CC%81")
    for (message, encoded) in [precomposed, decomposed, precomposed] {
      let reply = try send("debug://login-error?message=\(message)")
      #expect(reply["applied"] == .string("debug://login-error?message=\(encoded)"))
      let shown = try #require(reply["state"]?["overrides"]?["loginError"]?.stringValue)
      #expect(Array(shown.utf8) == Array(message.utf8))
      let screen = try #require(reply["state"]?["screen"]?.stringValue)
      #expect(
        screen.utf8.split(separator: 0x0A).contains { $0.elementsEqual("⚠ \(message)".utf8) }, "\(screen)")
    }
  }

  @Test mutating func theAppliedURLIsCanonical() throws {
    let reply = try send("  DEBUG://Profile/?id=current \r")
    #expect(reply["applied"] == .string("debug://profile"))
  }

  @Test mutating func jsonRequestsReadStateAndScreen() throws {
    _ = try send(#"{"op":"open","url":"debug://login-error?message=Nope"}"#)
    let state = try send(#"{"op":"state"}"#)
    #expect(state["state"]?["overrides"] == .object([("loginError", .string("Nope"))]))
    let screen = try send(#"{"op":"screen"}"#)
    #expect(screen["screen"]?.stringValue?.contains("⚠ Nope") == true)
    #expect(try send(#"{"op":"ping"}"#)["ok"] == .bool(true))
    #expect(
      try send(#"{"op":"routes"}"#)["routes"]?.arrayValue?.count == RouteTable.recipeSample.routes.count)
  }

  @Test mutating func valuesComeFromTheAppsData() throws {
    let reply = try send(#"{"op":"values","route":"recipe","parameter":"id"}"#)
    let first = try #require(reply["values"]?.arrayValue?.first)
    #expect(first == .object([("value", .string("1")), ("description", .string("Shakshuka"))]))
  }

  struct Rejection: CustomTestStringConvertible, Sendable {
    let line: String
    let kind: String
    let message: String
    var testDescription: String { line }
  }

  static let rejections: [Rejection] = [
    .init(
      line: "debug://recipee?id=1", kind: "unknown-route",
      message: "unknown route 'recipee' — did you mean 'recipe'?"),
    .init(line: "debug://recipe?id=abc", kind: "invalid-value", message: "id expects an integer, got 'abc'"),
    .init(line: "debug://recipe", kind: "missing-parameter", message: "recipe requires id"),
    .init(
      line: "http://recipe?id=1", kind: "wrong-scheme",
      message: "wrong scheme 'http://'; debug links start with debug://"),
    .init(line: "{\"op\":\"open\"}", kind: "bad-request", message: "\"open\" needs a \"url\" string"),
    .init(
      line: "{\"op\":\"fly\"}", kind: "bad-request",
      message: "unknown op 'fly'; use one of open, state, screen, routes, values, ping, table"),
    .init(
      line: "{\"url\":\"debug://settings\"}", kind: "bad-request",
      message: "the request has no \"op\"; use one of open, state, screen, routes, values, ping, table"),
    .init(
      line: "{not json", kind: "bad-request",
      message: "the request is not valid JSON: unexpected 'n' at offset 1 in JSON"),
    .init(
      line: "", kind: "bad-request",
      message: "empty request; send a debug URL or a JSON request such as {\"op\":\"ping\"}"),
    .init(line: "debug://settings\u{0}", kind: "bad-request", message: "the request contains a NUL byte"),
    .init(
      line: "{\"op\":\"open\",\"url\":\"debug://settings\",\"deadline\":\"soon\"}", kind: "bad-request",
      message: "\"deadline\" must be an integer (Unix epoch milliseconds)"),
    .init(
      line: "{\"op\":\"open\",\"url\":\"debug://settings\",\"deadline\":999000}", kind: "expired",
      message: "the request's deadline passed 1000 ms before the app read it; nothing was applied"),
  ]

  @Test(arguments: rejections)
  func aRejectedRequestNamesTheProblemAndLeavesTheStateAlone(_ case_: Rejection) throws {
    var handler = RequestHandler(now: { 1_000_000 })
    _ = handler.handle(Array("debug://recipe-error".utf8)[...])
    let before = handler.app.navigation
    let (reply, log) = handler.handle(Array(case_.line.utf8)[...])
    let json = try JSON.parse(reply)
    #expect(json["ok"] == .bool(false))
    #expect(json["error"]?["kind"] == .string(case_.kind))
    #expect(json["error"]?["message"] == .string(case_.message))
    #expect(handler.app.navigation == before)
    // An expired link is logged: its client gave up and never reads the reply.
    #expect(
      log
        == (case_.kind == "expired"
          ? "expired debug://settings: read 1000 ms after its deadline, not applied" : nil))
  }

  @Test func invalidUTF8IsRejected() throws {
    var handler = RequestHandler(now: { 0 })
    let reply = try JSON.parse(handler.handle([0x64, 0xFF, 0xFE][...]).reply)
    #expect(reply["error"]?["message"] == .string("the request is not UTF-8 text"))
  }

  @Test func aDeadlineStillAheadIsApplied() throws {
    var handler = RequestHandler(now: { 1_000 })
    let reply = try JSON.parse(
      handler.handle(Array(#"{"op":"open","url":"debug://settings","deadline":1000}"#.utf8)[...]).reply)
    #expect(reply["ok"] == .bool(true))
  }

  /// Deadlines come from the client: the most extreme integers are answered, not trapped on.
  @Test func extremeDeadlinesAreAnsweredWithoutOverflow() throws {
    var handler = RequestHandler(now: { 1_000 })
    let past = try JSON.parse(
      handler.handle(
        Array(#"{"op":"open","url":"debug://settings","deadline":-9223372036854775808}"#.utf8)[...]
      ).reply)
    #expect(past["error"]?["kind"] == .string("expired"))
    #expect(handler.app.navigation == .root)
    let future = try JSON.parse(
      handler.handle(
        Array(#"{"op":"open","url":"debug://settings","deadline":9223372036854775807}"#.utf8)[...]
      ).reply)
    #expect(future["ok"] == .bool(true))
  }

  @Test func aReleaseBuildRefusesDebugLinks() throws {
    var handler = RequestHandler(debugLinksEnabled: false, now: { 0 })
    let reply = try JSON.parse(handler.handle(Array("debug://settings".utf8)[...]).reply)
    #expect(reply["error"]?["kind"] == .string("debug-links-disabled"))
    #expect(handler.app.navigation == .root)
    let ping = try JSON.parse(handler.handle(Array(#"{"op":"ping"}"#.utf8)[...]).reply)
    #expect(ping["debugLinks"] == .bool(false))
  }

  /// `ping` states both fingerprints of the table: its links' and its help's.
  @Test func pingStatesTheTablesHelpFingerprint() throws {
    var handler = RequestHandler(now: { 0 })
    let ping = try JSON.parse(handler.handle(Array(#"{"op":"ping"}"#.utf8)[...]).reply)
    #expect(ping["version"] == .string(RouteTable.recipeSample.version))
    #expect(ping["helpVersion"] == .string(RouteTable.recipeSample.helpVersion))
  }

  @Test mutating func appliedLinksAreLogged() {
    let (_, log) = handler.handle(Array("debug://recipe-edit?id=42".utf8)[...])
    #expect(log == "applied debug://recipe-edit?id=42 → Home › Spaghetti Bolognese › Edit")
  }

  @Test func logLinesStartWithThePrefixTheDaemonGives() {
    var handler = RequestHandler(logPrefix: "deeplink-app: ", now: { 0 })
    for _ in 0..<3 {  // the first time, held the second time, from the cache the third
      #expect(
        handler.handle(Array("debug://settings".utf8)[...]).log
          == "deeplink-app: applied debug://settings → Home › Settings")
    }
  }
}
