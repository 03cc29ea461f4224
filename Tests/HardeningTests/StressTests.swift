import AppModel
import DeepLinkRoutes
import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// Many clients at once against a real `deeplink-app`, each sending hundreds of random valid
/// and invalid links (the issue's "load and consistency").
///
/// What can be asserted soundly under concurrency, and is:
/// 1. Every acknowledged reply carries exactly the state its own link describes (the app
///    applies a link and reads its state in one step, so no other client's link can show).
/// 2. Every rejection has the kind the route table predicts and carries no state.
/// 3. Every `state` read mid-run is a whole state that some acknowledged link describes (or the
///    root): never half of one link and half of another.
/// 4. The app's log, written in the order links were applied, names exactly the acknowledged
///    links (as a multiset): no rejected link was applied, no acknowledged one skipped.
/// 5. The final state is the one the last link in that log describes, so nothing after it —
///    hundreds of rejections included — moved the state.
///
/// Which rejected link came right after which applied one is not observable from the clients
/// (a `state` request after a rejection is a separate step, and other clients interleave), so
/// "a rejection leaves the state as it was" is proven by 4 and 5, and sequentially, one
/// rejection at a time, in ``BadInputTests``.
@Suite(.serialized) struct StressTests {
  static let clients = 32
  static let requestsPerClient = 300

  /// `DEEPLINK_SEED=<n>` replays a run's links (the interleaving differs, the links do not).
  static let seed: UInt64 = {
    if let text = ProcessInfo.processInfo.environment["DEEPLINK_SEED"], let seed = UInt64(text) {
      return seed
    }
    return UInt64.random(in: 0...UInt64(UInt32.max))
  }()

  struct ClientRecord {
    var acknowledged: [String] = []
    var observedStates: [JSON] = []
  }

  @Test func concurrentClientsSeeWholeStatesAndRejectionsChangeNothing() throws {
    print("StressTests seed \(Self.seed): rerun with DEEPLINK_SEED=\(Self.seed) to replay the links")
    let app = try RunningApp.start()
    var running = true
    defer { if running { app.stop() } }

    let records = Locked<[Int: ClientRecord]>([:])
    let seed = Self.seed
    let failures = concurrently(Self.clients) { index, fail in
      var generator = LinkGenerator(seed: seed &+ UInt64(index) &* 0x1_0000_0001)
      var record = ClientRecord()
      var client = try AppWire.connect(app)
      defer { client.close() }
      for number in 0..<Self.requestsPerClient {
        if number % 50 == 49 {
          // New connections mid-run, as many short-lived CLI calls would make.
          client.close()
          client = try AppWire.connect(app)
        }
        if Int.random(in: 0..<10, using: &generator.random) == 0 {
          let reply = try client.json(#"{"op":"state"}"#)
          record.observedStates.append(ExpectedState.comparable(reply["state"] ?? .null))
          continue
        }
        let url = generator.next()
        let line =
          Bool.random(using: &generator.random)
          ? url
          : JSON.object([
            ("op", .string("open")), ("url", .string(url)),
            ("deadline", .int(Int(Clocks.epochMilliseconds) + 3_600_000)),
          ]).serialized
        let reply = try client.json(line)
        switch RouteTableOracle.outcome(of: url) {
        case .applied(let canonical, let target):
          guard reply["ok"] == .bool(true), reply["applied"] == .string(canonical) else {
            fail("\(url) should apply as \(canonical): \(reply.serialized)")
            continue
          }
          let state = ExpectedState.comparable(reply["state"] ?? .null)
          if state != ExpectedState.json(target) {
            fail("\(url): state \(state.serialized), expected \(ExpectedState.json(target).serialized)")
          }
          record.acknowledged.append(canonical)
        case .rejected(let kind):
          if reply["ok"] != .bool(false) || reply["error"]?["kind"] != .string(kind) {
            fail("\(url) should be rejected as \(kind): \(reply.serialized)")
          }
          if reply["error"]?["message"]?.stringValue?.isEmpty ?? true {
            fail("\(url): rejection without a message: \(reply.serialized)")
          }
          if reply["state"] != nil || reply["applied"] != nil {
            fail("\(url): a rejection carries a state: \(reply.serialized)")
          }
        }
      }
      records.withLock { $0[index] = record }
    }
    #expect(failures.isEmpty, "\(summary(failures))")

    let all = records.withLock { $0 }
    #expect(all.count == Self.clients)
    let acknowledged = all.values.flatMap(\.acknowledged)
    #expect(acknowledged.count > Self.clients * Self.requestsPerClient / 3)

    // 3. Every state seen mid-run is one some acknowledged link describes.
    var wholeStates: Set<JSON> = [ExpectedState.json(.root)]
    for canonical in Set(acknowledged) {
      wholeStates.insert(ExpectedState.json(try RouteTableOracle.target(of: canonical)))
    }
    let observed = all.values.flatMap(\.observedStates)
    print(
      "StressTests: \(Self.clients) clients, \(acknowledged.count) links applied, "
        + "\(observed.count) states read, the rest rejected")
    let torn = observed.filter { !wholeStates.contains($0) }
    #expect(torn.isEmpty, "states no link describes: \(torn.prefix(3).map(\.serialized))")

    // The app is alive and answers; then the log tells the order links were applied in.
    #expect(try AppWire.answersPing(app))
    let finalState = ExpectedState.comparable(try AppWire.state(of: app))
    running = false
    app.stop()
    let applied = app.log().split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("deeplink-app: applied ") else { return nil }
      return line.dropFirst("deeplink-app: applied ".count).components(separatedBy: " → ").first
    }

    // 4. The log names exactly the acknowledged links.
    let appliedCounts = Dictionary(applied.map { ($0, 1) }, uniquingKeysWith: +)
    let acknowledgedCounts = Dictionary(acknowledged.map { ($0, 1) }, uniquingKeysWith: +)
    #expect(applied.count == acknowledged.count)
    #expect(appliedCounts == acknowledgedCounts)

    // 5. The final state is the last applied link's.
    let last = try #require(applied.last)
    #expect(finalState == ExpectedState.json(try RouteTableOracle.target(of: last)))
  }
}
