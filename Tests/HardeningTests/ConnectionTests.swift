import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// Many connections, and clients that misbehave at the connection level, against a real app.
@Suite(.serialized) struct ConnectionTests {
  /// The app's descriptor count with exactly one client connected and answered.
  ///
  /// Every client closed before this one connected has been closed by the app when the reply
  /// comes: the app serves connections in the order it accepted them, each round of its `poll`
  /// loop, so an earlier client's end-of-file is read (and its descriptor closed) no later
  /// than the round in which this client's request is answered. So the count is exact, with
  /// no waiting and no timing.
  static func settledDescriptorCount(_ app: RunningApp) throws -> Int {
    let probe = try AppWire.connect(app)
    defer { probe.close() }
    guard try probe.json(#"{"op":"ping"}"#)["ok"] == .bool(true) else { throw Failure("ping failed") }
    return try AppWire.openDescriptors(of: app)
  }

  @Test func twoHundredFiftySixConnectionsHeldOpenAtOnceAreAllServed() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let count = 256
    let baseline = try Self.settledDescriptorCount(app)
    let clients = try (0..<count).map { _ in try AppWire.connect(app) }
    defer { clients.forEach { $0.close() } }

    // Every connection sends before any reads: all 256 are open in the app at once.
    for (index, client) in clients.enumerated() {
      try client.send(index.isMultiple(of: 2) ? "debug://recipe?id=\(index + 1)" : #"{"op":"ping"}"#)
    }
    let shared = UnsafeSendable(clients)
    let failures = concurrently(8) { thread, fail in
      for index in stride(from: thread, to: count, by: 8) {
        let reply = try JSON.parse(
          shared.value[index].readLine(deadline: .after(milliseconds: Patience.milliseconds)))
        if reply["ok"] != .bool(true) { fail("client \(index): \(reply.serialized)") }
      }
    }
    #expect(failures.isEmpty, "\(summary(failures))")
    // One descriptor per client, on top of the probe's count less the probe itself.
    #expect(try AppWire.openDescriptors(of: app) == baseline - 1 + count)
    #expect(try AppWire.answersPing(app))
  }

  @Test func descriptorsReturnToTheStartAfterThousandsOfConnections() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let before = try Self.settledDescriptorCount(app)

    // 4 threads × 600 connections, each ending a different way.
    let failures = concurrently(4) { thread, fail in
      for number in 0..<600 {
        let client = try AppWire.connect(app)
        switch number % 6 {
        case 0:
          if try client.json(#"{"op":"state"}"#)["ok"] != .bool(true) { fail("state failed") }
        case 1:
          _ = try client.json("debug://recipe?id=\(number + 1)")
        case 2:
          try client.send("debug://settings")  // gone before the reply
        case 3:
          try client.send(bytes: Array("debug://recipe?id=".utf8))  // half a line
        case 4:
          break  // connect and say nothing
        default:
          _ = try client.json("debug://recipee")  // rejected
        }
        client.close()
      }
    }
    #expect(failures.isEmpty, "\(summary(failures))")
    #expect(try Self.settledDescriptorCount(app) == before)
  }

  @Test func clientsThatVanishBeforeTheirReplyDoNotHurtTheApp() throws {
    let app = try RunningApp.start()
    defer { app.stop() }
    let before = try Self.settledDescriptorCount(app)
    // Many pipelined requests, then gone: the app writes replies into a closed socket
    // (EPIPE / ECONNRESET), which with SIGPIPE at its default would kill it.
    let burst = (1...40).map { "debug://recipe?id=\($0)\n" }.joined()
    let failures = concurrently(4) { _, _ in
      for _ in 0..<150 {
        let client = try AppWire.connect(app)
        try client.send(bytes: Array(burst.utf8))
        client.close()
      }
    }
    #expect(failures.isEmpty, "\(summary(failures))")
    #expect(app.process.isRunning)
    #expect(try AppWire.answersPing(app))
    let client = try AppWire.connect(app)
    defer { client.close() }
    #expect(try client.json("debug://settings")["applied"] == .string("debug://settings"))
    client.close()
    #expect(try Self.settledDescriptorCount(app) == before)
  }
}

/// Hands a non-`Sendable` value to threads that use disjoint parts of it.
struct UnsafeSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
