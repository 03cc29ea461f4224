import DeepLinkWire
import Foundation
import TestSupport
import Testing

extension SocketTests {
  @Suite struct LineClientTests {
    @Test func noListenerWhenNothingIsThere() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let path = directory.file("app.sock")
      #expect(throws: SocketError.noListener(path: path)) { try LineClient.connect(path: path) }
      #expect(
        SocketError.noListener(path: path).message
          == "no app is listening on \(path)")
    }

    @Test func pathTooLongIsReportedWithoutASyscall() {
      let path = "/tmp/" + String(repeating: "p", count: 200)
      #expect(throws: SocketError.invalidPath(.tooLong(path: path, length: 205, limit: 107))) {
        try LineClient.connect(path: path)
      }
    }

    @Test func readTimesOutWhenNoReplyComes() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let server = try RunningServer.start(path: directory.file("app.sock"))
      defer { server.stop() }
      let client = try LineClient.open(server.path)
      defer { client.close() }
      try client.sendPartial("half a line, no newline: the server waits")
      #expect(throws: SocketError.timedOut(path: server.path)) {
        try client.readLine(deadline: .after(milliseconds: 50))
      }
    }

    @Test func serverClosingMidRequestIsConnectionClosed() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      var options = RunningServer.testOptions
      options.idleTimeoutMilliseconds = 200
      let server = try RunningServer.start(path: directory.file("app.sock"), options: options)
      defer { server.stop() }
      let client = try LineClient.open(server.path)
      defer { client.close() }
      try client.sendPartial("unfinished")
      #expect(throws: SocketError.connectionClosed(path: server.path)) {
        try client.readLine(deadline: .after(milliseconds: Patience.milliseconds))
      }
    }

    @Test func usingAClosedClientIsConnectionClosed() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let server = try RunningServer.start(path: directory.file("app.sock"))
      defer { server.stop() }
      let client = try LineClient.open(server.path)
      client.close()
      #expect(throws: SocketError.connectionClosed(path: server.path)) { try client.send("x") }
    }

    @Test func requestSendsAndReads() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let server = try RunningServer.start(path: directory.file("app.sock"))
      defer { server.stop() }
      let client = try LineClient.open(server.path)
      defer { client.close() }
      #expect(
        try client.request("a", deadline: .after(milliseconds: Patience.milliseconds)) == Array("echo:a".utf8)
      )
    }

    @Test func anIdleOpenConnectionIsToldFromOneTheServerClosedWithoutARoundTrip() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let server = try RunningServer.start(path: directory.file("app.sock"))
      let client = try LineClient.open(server.path)
      defer { client.close() }
      _ = try client.request("a", deadline: .after(milliseconds: Patience.milliseconds))
      #expect(client.isIdleAndOpen, "answered, nothing pending")
      #expect(client.isIdleAndOpen, "asking twice reads nothing")
      server.stop()
      #expect(!client.isIdleAndOpen, "the server closed it")
      client.close()
      #expect(!client.isIdleAndOpen, "closed here")
    }

    @Test func tooLongReplyIsReported() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let server = try RunningServer.start(path: directory.file("app.sock")) { _ in
        String(repeating: "z", count: 100)
      }
      defer { server.stop() }
      let client = try LineClient.connect(path: server.path, maximumLineLength: 10)
      defer { client.close() }
      try client.send("x")
      #expect(throws: SocketError.lineTooLong(path: server.path, limit: 10)) {
        try client.readLine(deadline: .after(milliseconds: Patience.milliseconds))
      }
    }

    @Test func waitForListenerTimesOutWhenNobodyComes() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let path = directory.file("app.sock")
      #expect(throws: SocketError.timedOut(path: path)) {
        try LineClient.waitForListener(path: path, deadline: .after(milliseconds: 100))
      }
    }

    @Test func waitForListenerConnectsOnceTheServerStarts() throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let path = directory.file("app.sock")
      let server = LineServer(path: path, options: RunningServer.testOptions)
      let finished = DispatchSemaphore(value: 0)
      let thread = Thread {
        usleep(100_000)
        _ = try? server.run(handler: RunningServer.echoBytes)
        finished.signal()
      }
      thread.start()
      defer {
        server.stop()
        _ = finished.wait(timeout: .now() + 10)
      }
      let client = try LineClient.waitForListener(
        path: path, deadline: .after(milliseconds: Patience.milliseconds))
      #expect(try client.ask("up") == "echo:up")
      client.close()
    }

    @Test func errorMessagesAreSentences() {
      let path = "/tmp/x/app.sock"
      #expect(
        SocketError.timedOut(path: path).message == "timed out waiting for the app on /tmp/x/app.sock")
      #expect(SocketError.connectionClosed(path: path).message.contains("closed the connection"))
      #expect(SocketError.permissionDenied(path: path).message.contains("another user"))
      #expect(
        SocketError.system(call: "connect", errno: Errno(rawValue: ENOENT)).message
          == "connect failed: No such file or directory (ENOENT)")
    }
  }
}
