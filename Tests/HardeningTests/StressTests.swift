import DeepLinkRoutes
import DeepLinkWire
import Foundation
import RecipeSampleApp
import TestSupport
import Testing

/// Many clients at once against a real `deeplink-app`, each sending hundreds of random valid
/// and invalid links: every reply consistent with the link it answers, under load.
///
/// The oracle shares no code with what it checks: ``LinkGenerator`` says what each link must do
/// (``SampleSpecification``: canonical URL, `path`, `overrides`), and the screen each state
/// shows is in the golden file `Golden/stress-screens.txt`, which the first test checks link by
/// link, one at a time, on a fresh app.
///
/// What can be asserted soundly under concurrency, and is:
/// 1. Every acknowledged reply carries exactly the state its own link describes, screen
///    included (the app applies a link and reads its state in one step, so no other client's
///    link can show; a reply mixed up between connections would show another link's screen).
/// 2. Every rejection has the kind the generator predicts and carries no state.
/// 3. Every `state` read mid-run is the whole state, screen included, of some acknowledged link
///    (or the root).
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

  /// The screens of `Golden/stress-screens.txt`, by canonical URL.
  static func goldenScreens() throws -> [String: String] {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Golden/stress-screens.txt")
    let text = try String(contentsOf: file, encoding: .utf8)
    var screens: [String: String] = [:]
    for entry in text.components(separatedBy: StressScreens.separator).dropFirst() {
      let (url, screen) = StressScreens.split(entry)
      screens[url] = screen
    }
    return screens
  }

  /// A state's `path` and `overrides` from the specification, and the screen from the golden
  /// file, as the app's `state` object carries them.
  static func expectedState(_ state: JSON, url: String, screens: [String: String]) -> JSON {
    .object([
      ("path", state["path"] ?? .null), ("overrides", state["overrides"] ?? .null),
      ("screen", screens[url].map(JSON.string) ?? .null),
    ])
  }

  /// The screens of every canonical link the generator can make, each opened in turn on one
  /// app, against the golden file; and each link's state against the specification.
  @Test func everyLinkTheGeneratorMakesShowsItsSpecifiedStateAndGoldenScreen() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let client = try AppWire.connect(app)
    defer { client.close() }
    var golden = ""
    for (url, state) in SampleSpecification.everyCanonicalLink {
      let reply = try client.json(url)
      #expect(reply["applied"] == .string(url), "\(url): \(reply.serialized)")
      #expect(ExpectedState.comparable(reply["state"] ?? .null) == state, "\(url): \(reply.serialized)")
      golden += StressScreens.entry(url: url, screen: reply["state"]?["screen"]?.stringValue ?? "(no screen)")
    }
    Golden.check(golden, named: "stress-screens.txt")
  }

  @Test func concurrentClientsSeeWholeStatesAndRejectionsChangeNothing() throws {
    print("StressTests seed \(Self.seed): rerun with DEEPLINK_SEED=\(Self.seed) to replay the links")
    let screens = try Self.goldenScreens()
    let states = Dictionary(
      SampleSpecification.everyCanonicalLink.map {
        ($0.url, Self.expectedState($0.state, url: $0.url, screens: screens))
      },
      uniquingKeysWith: { first, _ in first })
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
          record.observedStates.append(reply["state"] ?? .null)
          continue
        }
        let (url, outcome) = generator.next()
        let line =
          Bool.random(using: &generator.random)
          ? url
          : JSON.object([
            ("op", .string("open")), ("url", .string(url)),
            ("deadline", .int(Int(Clocks.epochMilliseconds) + 3_600_000)),
          ]).serialized
        let reply = try client.json(line)
        switch outcome {
        case .applied(let canonical, _):
          guard reply["ok"] == .bool(true), reply["applied"] == .string(canonical) else {
            fail("\(url) should apply as \(canonical): \(reply.serialized)")
            continue
          }
          let expected = states[canonical] ?? .null
          if reply["state"] != expected {
            fail("\(url): state \(reply["state"]?.serialized ?? "none"), expected \(expected.serialized)")
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

    // 3. Every state seen mid-run, screen included, is one some acknowledged link describes.
    let root = try #require(states["debug://reset"])
    var wholeStates: Set<JSON> = [root]
    for canonical in Set(acknowledged) { wholeStates.insert(states[canonical] ?? .null) }
    let observed = all.values.flatMap(\.observedStates)
    print(
      "StressTests: \(Self.clients) clients, \(acknowledged.count) links applied, "
        + "\(observed.count) states read, the rest rejected")
    let torn = observed.filter { !wholeStates.contains($0) }
    #expect(torn.isEmpty, "states no link describes: \(torn.prefix(3).map(\.serialized))")

    // The app is alive and answers; then the log tells the order links were applied in.
    #expect(try AppWire.answersPing(app))
    let finalState = try AppWire.state(of: app)
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

    // 5. The final state, screen included, is the last applied link's.
    let last = try #require(applied.last)
    #expect(finalState == states[last])
  }
}

/// The format of `Golden/stress-screens.txt`: for each link, a line `=== <canonical URL>`, then
/// its screen, then an empty line.
enum StressScreens {
  static let separator = "\n=== "

  static func entry(url: String, screen: String) -> String {
    separator + url + "\n" + screen + "\n"
  }

  /// The URL and screen of one entry (the text after a separator).
  static func split(_ entry: String) -> (url: String, screen: String) {
    let newline = entry.firstIndex(of: "\n") ?? entry.endIndex
    let screen = entry[newline...].dropFirst()
    return (String(entry[..<newline]), String(screen.hasSuffix("\n") ? screen.dropLast() : screen))
  }
}
