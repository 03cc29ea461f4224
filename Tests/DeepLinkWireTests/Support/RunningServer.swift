import Foundation
import TestSupport

@testable import DeepLinkWire

/// A ``LineServer`` running on its own thread, as the app runs it on its main thread.
final class RunningServer: Sendable {
  let server: LineServer
  var path: String { server.path }
  private let outcome = Locked<Result<Void, ServerError>?>(nil)
  private let finished = DispatchSemaphore(value: 0)

  /// Options for tests: signals left alone (many servers share the test process).
  static var testOptions: LineServer.Options {
    var options = LineServer.Options()
    options.stopsOnSignals = false
    return options
  }

  private init(server: LineServer) {
    self.server = server
  }

  /// Starts a server and returns once it accepts connections. `handler` answers with text,
  /// which the server sends as its UTF-8 bytes.
  ///
  /// - Throws: the ``ServerError`` `run` threw, if it did not start.
  static func start(
    path: String, options: LineServer.Options = testOptions,
    handler: @escaping @Sendable (ArraySlice<UInt8>) -> String = echo,
    beforeSending: @escaping @Sendable () -> Void = {},
    afterSending: @escaping @Sendable () -> Void = {}
  ) throws -> RunningServer {
    let running = RunningServer(server: LineServer(path: path, options: options))
    let thread = Thread { [running] in
      let result = Result { () throws(ServerError) in
        _ = try running.server.run(beforeSending: beforeSending, afterSending: afterSending) { line, reply in
          reply += handler(line.bytes).utf8
        }
      }
      running.outcome.withLock { $0 = result }
      running.finished.signal()
    }
    thread.start()
    let deadline = Date().addingTimeInterval(Patience.seconds)
    while Date() < deadline {
      if let result = running.outcome.withLock({ $0 }) {
        try result.get()
        throw TestFailure("server returned before it was stopped")
      }
      if let client = try? LineClient.connect(path: path, deadline: .after(milliseconds: 1_000)) {
        client.close()
        return running
      }
      usleep(2_000)
    }
    running.server.stop()
    throw TestFailure("server did not start listening within \(Patience.seconds) s")
  }

  /// Runs a server that is expected to refuse to start, and returns its error.
  ///
  /// Waits for `run` to return rather than for a connection: on a path where another server
  /// listens, a connection proves nothing.
  static func startFailure(path: String, options: LineServer.Options = testOptions) -> ServerError? {
    let running = RunningServer(server: LineServer(path: path, options: options))
    let thread = Thread { [running] in
      let result = Result { () throws(ServerError) in _ = try running.server.run(handler: echoBytes) }
      running.outcome.withLock { $0 = result }
      running.finished.signal()
    }
    thread.start()
    guard case .failure(let error)? = running.waitUntilFinished() else {
      running.server.stop()
      _ = running.waitUntilFinished()
      return nil
    }
    return error
  }

  /// Stops the server and waits for `run` to return.
  @discardableResult
  func stop() -> Result<Void, ServerError>? {
    server.stop()
    return waitUntilFinished()
  }

  /// Waits (10 s at most) for `run` to return, and gives its outcome.
  func waitUntilFinished() -> Result<Void, ServerError>? {
    guard finished.wait(timeout: .now() + 10) == .success else { return nil }
    finished.signal()
    return outcome.withLock { $0 }
  }

  /// Replies with the request, prefixed: `ping` -> `echo:ping`.
  @Sendable
  static func echo(_ line: ArraySlice<UInt8>) -> String {
    "echo:" + String(decoding: line, as: UTF8.self)
  }

  /// ``echo(_:)`` as a ``LineServer/Handler``.
  static func echoBytes(_ line: Span<UInt8>, _ reply: inout [UInt8]) {
    reply += echo(line.bytes).utf8
  }
}

extension Span<UInt8> {
  /// A copy of the bytes, for handlers that take them as an array slice.
  var bytes: ArraySlice<UInt8> { withUnsafeBufferPointer { Array($0)[...] } }
}

struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) {
    self.description = description
  }
}

extension LineClient {
  /// Sends `line` and reads the reply as text, with generous deadlines.
  func ask(_ line: String) throws -> String {
    try send(line, deadline: .after(milliseconds: Patience.milliseconds))
    return String(
      decoding: try readLine(deadline: .after(milliseconds: Patience.milliseconds)), as: UTF8.self)
  }

  static func open(_ path: String, maximumLineLength: Int = LineFramer.defaultMaximumLineLength) throws
    -> LineClient
  {
    try LineClient.connect(
      path: path, deadline: .after(milliseconds: Patience.milliseconds), maximumLineLength: maximumLineLength)
  }

  /// Sends bytes without a final `\n`: half a request.
  func sendPartial(_ text: String) throws {
    try write(Array(text.utf8), deadline: .after(milliseconds: Patience.milliseconds))
  }
}
