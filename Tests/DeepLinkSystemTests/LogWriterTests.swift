import Testing

@testable import DeepLinkSystem

#if canImport(Glibc)
  import Glibc
#endif

#if os(Linux)
  private let seqpacketSockets = true
#else
  private let seqpacketSockets = false
#endif

/// `LogWriter` writes each line as soon as it can: to a regular file before `append` returns,
/// to anything else from its thread without waiting for more lines, in order.
///
/// A pipe-like log goes into one end of a `SOCK_SEQPACKET` socket pair, which keeps each
/// `write(2)` a message of its own. Each blocking read is bounded by 20 s only so that a broken
/// writer fails instead of hanging.
@Suite(.enabled(if: seqpacketSockets, "SOCK_SEQPACKET for AF_UNIX is Linux's"))
struct LogWriterTests {
  /// The writer's end and the test's end of a `SOCK_SEQPACKET` pair.
  final class MessagePair {
    let writeEnd: Int32
    let readEnd: Int32

    init() throws {
      var ends: [Int32] = [-1, -1]
      guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &ends) == 0 else {
        throw Errno(rawValue: errno)
      }
      writeEnd = ends[0]
      readEnd = ends[1]
    }

    deinit {
      close(writeEnd)
      close(readEnd)
    }

    /// The next message (one `write(2)`), waiting at most `milliseconds`; `nil` if none came.
    func message(waitingAtMost milliseconds: Int32) -> String? {
      var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, milliseconds) == 1 else { return nil }
      var buffer = [UInt8](repeating: 0, count: 1 << 20)
      let count = recv(readEnd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      guard count > 0 else { return nil }
      return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// Every message written so far, without waiting.
    func messagesSoFar() -> [String] {
      var messages: [String] = []
      while let message = message(waitingAtMost: 0) { messages.append(message) }
      return messages
    }
  }

  static func line(_ number: Int) -> String {
    "app: applied debug://recipe?id=\(number) → Home › Recipe \(number)\n"
  }
  /// Each line is written without `finish` and without waiting for more: a log people read
  /// live (`deeplink-app 2>&1 | grep`) shows each line at once. (Lines used to wait up to 5 ms
  /// for company.)
  @Test func eachLineIsWrittenWithoutWaitingForMore() throws {
    let pair = try MessagePair()
    let writer = try LogWriter(descriptor: pair.writeEnd, prefix: "app: ")
    defer { writer.finish(waitingAtMost: 20_000) }
    for number in 1...3 {
      writer.append(Self.line(number))
      #expect(pair.message(waitingAtMost: 20_000) == Self.line(number))
    }
  }

  /// Lines appended faster than the thread writes them arrive whole and in order, and
  /// `finish` returns once all of them are written.
  @Test func linesArriveInOrderAndFinishWritesWhatIsQueued() throws {
    let pair = try MessagePair()
    let writer = try LogWriter(descriptor: pair.writeEnd, prefix: "app: ")
    for number in 1...200 { writer.append(Self.line(number)) }
    writer.finish(waitingAtMost: 20_000)
    #expect(pair.messagesSoFar().joined() == (1...200).map(Self.line).joined())
  }

  /// A regular file gets each line before `append` returns: nothing is left for a thread to
  /// write later, so a program killed right after logging loses nothing it logged.
  @Test func aRegularFileHasTheLineWhenAppendReturns() throws {
    let path = "/tmp/deeplink-log-writer-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).log"
    let descriptor = try LogWriter.openAppending(path)
    defer {
      close(descriptor)
      unlink(path)
    }
    let writer = try LogWriter(descriptor: descriptor, prefix: "app: ")
    for number in 1...3 {
      writer.append(Self.line(number))
      let file = try #require(fopen(path, "r"))
      defer { fclose(file) }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = fread(&buffer, 1, buffer.count, file)
      #expect(String(decoding: buffer[..<count], as: UTF8.self) == (1...number).map(Self.line).joined())
    }
    writer.finish(waitingAtMost: 20_000)
  }

  /// `/dev/null` is written as a regular file is, at once and without a thread; a pipe, which
  /// may have no reader for a while, is not.
  @Test func theNullDeviceIsWrittenAtOnceAndAPipeByTheThread() throws {
    let null = open("/dev/null", O_WRONLY)
    try #require(null >= 0)
    defer { close(null) }
    let toNull = try LogWriter(descriptor: null, prefix: "app: ")
    #expect(toNull.writesAtOnce)
    toNull.append(Self.line(1))
    toNull.finish(waitingAtMost: 20_000)
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }
    let toPipe = try LogWriter(descriptor: ends[1], prefix: "app: ")
    #expect(!toPipe.writesAtOnce)
    toPipe.finish(waitingAtMost: 20_000)
  }
}
