import DeepLinkWire
import Foundation
import TestSupport
import Testing

extension SocketTests {
  /// `run(beforeSending:handler:)`: what the handler buffers goes out once per round, before
  /// the replies it belongs to (the app's log lines).
  @Suite struct LineServerBeforeSendingTests {
    @Test func everyReplyIsSentAfterTheCallThatFollowsItsLine() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      // The handler counts lines; beforeSending records how many were answered when it ran.
      let answered = Locked(0)
      let flushedThrough = Locked(0)
      let calls = Locked(0)
      let server = try RunningServer.start(
        path: directory.file("app.sock"),
        handler: { _ in
          let number = answered.withLock { count in
            count += 1
            return count
          }
          return "reply \(number)"
        },
        beforeSending: {
          calls.withLock { $0 += 1 }
          let count = answered.withLock { $0 }
          flushedThrough.withLock { $0 = count }
        })
      defer { server.stop() }
      let client = try LineClient.open(server.path)
      defer { client.close() }
      try client.send((1...200).map { "line \($0)" }.joined(separator: "\n"))
      for number in 1...200 {
        let reply = try client.readLine(deadline: .after(milliseconds: Patience.milliseconds))
        #expect(String(decoding: reply, as: UTF8.self) == "reply \(number)")
        #expect(flushedThrough.withLock { $0 } >= number)
      }
      // Pipelined lines are answered in rounds, not one call per line.
      #expect(calls.withLock { $0 } <= 200)
    }

    /// `afterSending` runs once the round's replies were sent: work there (waking the thread
    /// that writes a log to a pipe) does not hold them up. Here, in a round that answered a
    /// line, it waits until the client has read the reply, which it could not do if the reply
    /// came after it. (A round can also end with no line answered, a connection's read that
    /// held no whole line; then there is nothing to wait for.)
    @Test func afterSendingRunsOnceTheRepliesAreSent() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let replyRead = DispatchSemaphore(value: 0)
      let answered = Locked(0)
      let waitedThrough = Locked(0)
      let calls = Locked(0)
      let server = try RunningServer.start(
        path: directory.file("app.sock"),
        handler: { line in
          answered.withLock { $0 += 1 }
          return RunningServer.echo(line)
        },
        afterSending: {
          let count = answered.withLock { $0 }
          guard count > waitedThrough.withLock({ $0 }) else { return }
          _ = replyRead.wait(timeout: .now() + 2 * Patience.seconds)
          waitedThrough.withLock { $0 = count }
          calls.withLock { $0 += 1 }
        })
      defer { server.stop() }
      let client = try LineClient.open(server.path)
      defer { client.close() }
      for number in 1...3 {
        try client.send("line \(number)")
        let reply = try client.readLine(deadline: .after(milliseconds: Patience.milliseconds))
        #expect(String(decoding: reply, as: UTF8.self) == "echo:line \(number)")
        replyRead.signal()
      }
      let deadline = Date().addingTimeInterval(Patience.seconds)
      while calls.withLock({ $0 }) < 3, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
      #expect(calls.withLock { $0 } == 3)
    }
  }
}
