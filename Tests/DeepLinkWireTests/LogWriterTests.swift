import Testing

@testable import DeepLinkWire

#if canImport(Glibc)
  import Glibc
#endif

#if os(Linux)
  private let seqpacketSockets = true
#else
  private let seqpacketSockets = false
#endif

/// `LogWriter` gathers lines: one `write(2)` per gathering window (or per threshold's worth of
/// bytes) however many hand-overs it gets, lines in order, and nothing held back by `finish`.
///
/// The log goes into one end of a `SOCK_SEQPACKET` socket pair, which keeps each `write(2)`
/// a message of its own: the test counts the writer's writes by counting messages, which a
/// pipe (one byte stream) could not tell apart. No assertion depends on how fast anything
/// runs: the windows are a minute long where a test needs "not yet", and each blocking read
/// is bounded by 20 s only so that a broken writer fails instead of hanging.
@Suite(.enabled(if: seqpacketSockets, "SOCK_SEQPACKET for AF_UNIX is Linux's"))
struct LogWriterTests {
  /// A gathering window no test waits out.
  static let aMinute = 60_000

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

  /// 200 hand-overs of one line each, with a pause after each that lets a writer thread that
  /// writes each hand-over do so: nothing is written while the window lasts, then `finish`
  /// writes all 200 lines in one `write(2)`, in order, without waiting out the window. (The
  /// writer used to be woken by every hand-over and to write each: some 200 writes.)
  @Test func handOversWithinTheWindowAreWrittenInOneWriteAtFinish() throws {
    let pair = try MessagePair()
    let writer = try LogWriter(descriptor: pair.writeEnd, prefix: "app: ", gatheringWindow: Self.aMinute)
    for number in 1...200 {
      writer.append(Self.line(number))
      var pause = timespec(tv_sec: 0, tv_nsec: 200_000)
      _ = nanosleep(&pause, nil)
    }
    #expect(pair.messagesSoFar() == [])
    writer.finish(waitingAtMost: 20_000)
    #expect(pair.messagesSoFar() == [(1...200).map(Self.line).joined()])
  }

  /// Past the threshold, the writer writes without waiting out the window: 30 lines of some
  /// 56 bytes (1,700, under 3,000) stay, the next 40 pass 3,000 and all 70 are written together.
  @Test func passingTheThresholdWritesBeforeTheWindowEnds() throws {
    let pair = try MessagePair()
    let writer = try LogWriter(
      descriptor: pair.writeEnd, prefix: "app: ", gatheringWindow: Self.aMinute, writeThreshold: 3_000)
    defer { writer.finish(waitingAtMost: 20_000) }
    for number in 1...30 { writer.append(Self.line(number)) }
    #expect((1...30).map(Self.line).joined().utf8.count < 3_000)
    // The writer has taken up the window (else it might find all 70 lines when it wakes).
    for _ in 0..<20_000 where !writer.isGathering {
      var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
      _ = nanosleep(&pause, nil)
    }
    #expect(writer.isGathering)
    #expect(pair.messagesSoFar() == [])
    writer.append((31...70).map(Self.line).joined())
    #expect(pair.message(waitingAtMost: 20_000) == (1...70).map(Self.line).joined())
  }

  /// With a short window and no `finish`, a line is written once the window has passed: a
  /// log people read live (`deeplink-app 2>&1 | grep`) shows each line within a few ms.
  @Test func aLineIsWrittenWhenTheWindowEndsWithoutFinish() throws {
    let pair = try MessagePair()
    let writer = try LogWriter(descriptor: pair.writeEnd, prefix: "app: ", gatheringWindow: 10)
    defer { writer.finish(waitingAtMost: 20_000) }
    writer.append(Self.line(1))
    #expect(pair.message(waitingAtMost: 20_000) == Self.line(1))
    writer.append(Self.line(2))
    #expect(pair.message(waitingAtMost: 20_000) == Self.line(2))
  }

  /// Lines beyond the byte limit are dropped and counted; the count is written before the
  /// lines that came after it, and `finish` writes a count nobody reported yet.
  @Test func droppedLinesAreCountedInTheirPlace() throws {
    let pair = try MessagePair()
    let line = Self.line(1)
    let writer = try LogWriter(
      descriptor: pair.writeEnd, prefix: "app: ", byteLimit: line.utf8.count * 3,
      gatheringWindow: Self.aMinute,
      writeThreshold: line.utf8.count * 10)
    // The threshold is cut to the byte limit: the third line wakes the writer, and until
    // it has taken the buffer, more lines are dropped.
    writer.append(line + line + line + line + line)
    let first = try #require(pair.message(waitingAtMost: 20_000))
    #expect(first == line + line + line)
    writer.append("app: after\n")
    writer.finish(waitingAtMost: 20_000)
    #expect(
      pair.messagesSoFar() == ["app: 2 log lines dropped: the log's reader did not keep up\napp: after\n"])
  }
}
