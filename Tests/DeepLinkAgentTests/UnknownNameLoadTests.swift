import DeepLinkAgent
import DeepLinkRoutes
import DeepLinkWire
import Foundation
import RecipeSampleApp
import RecipeSampleRoutes
import TestSupport
import Testing

/// One client's hostile requests cost the others nothing: the app's loop serves everyone, so a
/// request that takes long stalls every client.
@Suite struct UnknownNameLoadTests {
  /// 10,000 routes (the built-in ones after generated `screen-00000` … of the recipe route's
  /// kind), as a large app or a routes file has.
  static let largeTable: RouteTable = {
    let recipe = RouteTable.recipeSample.route(named: "recipe")!
    let generated = (0..<(10_000 - RouteTable.recipeSample.routes.count)).map { index in
      let digits = String(index)
      return Route(
        "screen-" + String(repeating: "0", count: 5 - digits.count) + digits,
        summary: "Generated screen \(index)", parameters: recipe.parameters)
    }
    return RouteTable(routes: generated + RouteTable.recipeSample.routes)
  }()

  /// A client sends 60 KB route names that match nothing, one after another, as a bare link
  /// and as a `values` request; between any two of them another client's link is sent, and
  /// answered, before the next unknown name is answered. Each unknown name used to cost a
  /// full edit distance against every route name (about 10^10 steps on the loop's thread):
  /// the first one held the loop for minutes, and the other client's first link with it.
  /// The deadlines only bound such a hang; no duration is asserted.
  @Test func sixtyKilobyteUnknownNamesAgainstTenThousandRoutesHoldNobodyUp() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let app = try ServedHandler(
      path: directory.file("app.sock"), handler: RequestHandler(table: Self.largeTable, now: { 0 }))
    defer { app.stop() }

    let name = String(repeating: "x", count: 60_000)
    let hostile = ["debug://\(name)", #"{"op":"values","route":"\#(name)","parameter":"id"}"#]
    let rounds = 40
    let answered = DispatchSemaphore(value: 0)
    let hostileReplies = Locked<[String]>([])
    let flooder = try LineClient.connect(
      path: app.path, deadline: .after(milliseconds: Patience.milliseconds))
    defer { flooder.close() }
    let flooding = UncheckedBox(flooder)
    Thread {
      for round in 0...rounds {
        let reply = try? flooding.value.request(
          hostile[round % 2], deadline: .after(milliseconds: Patience.milliseconds))
        hostileReplies.withLock { $0.append(reply.map { String(decoding: $0, as: UTF8.self) } ?? "no reply") }
        answered.signal()
        if reply == nil { return }
      }
    }.start()

    let client = try LineClient.connect(path: app.path, deadline: .after(milliseconds: Patience.milliseconds))
    defer { client.close() }
    for round in 0..<rounds {
      // The next unknown name is on its way (sent right after this reply was read).
      try #require(answered.wait(timeout: .now() + 20) == .success, "unknown name \(round) was not answered")
      let reply = try JSON.parse(
        client.request(
          "debug://recipe?id=\(round + 1)", deadline: .after(milliseconds: Patience.milliseconds)))
      #expect(reply["applied"] == .string("debug://recipe?id=\(round + 1)"), "\(reply.serialized)")
    }
    try #require(answered.wait(timeout: .now() + 20) == .success)

    let replies = hostileReplies.withLock { $0 }
    #expect(replies.count == rounds + 1)
    for reply in replies {
      let json = try JSON.parse(reply)
      #expect(json["error"]?["kind"] == .string("unknown-route"), "\(reply.prefix(200))")
      #expect(
        json["error"]?["message"]
          == .string("unknown route '\(String(repeating: "x", count: 60))… (60000 characters)'"))
    }
  }
}

/// A ``RequestHandler`` served by a real ``LineServer`` on its own thread, as `deeplink-app`
/// serves the built-in table.
final class ServedHandler: Sendable {
  let server: LineServer
  private let finished = DispatchSemaphore(value: 0)
  var path: String { server.path }

  init(path: String, handler: RequestHandler) throws {
    var options = LineServer.Options()
    options.stopsOnSignals = false
    server = LineServer(path: path, options: options)
    let box = UncheckedBox(handler)
    Thread { [server, finished] in
      var handler = box.value
      var log: [UInt8] = []
      _ = try? server.run { line, reply in
        handler.reply(to: line, into: &reply, log: &log)
        log.removeAll(keepingCapacity: true)
      }
      finished.signal()
    }.start()
    _ = try LineClient.waitForListener(path: path, deadline: .after(milliseconds: Patience.milliseconds))
  }

  /// Stops the server; waits for it 20 s at most (a server stuck in a handler is left behind
  /// rather than hanging the test run).
  func stop() {
    server.stop()
    _ = finished.wait(timeout: .now() + 20)
  }
}

/// Hands a value that is not `Sendable` to the one thread that uses it from then on.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// A value behind an `NSLock` (not `Mutex`: ThreadSanitizer cannot see its futex on Linux).
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
