/// One accepted client as the server loop sees it: bytes in, lines out, replies waiting.
///
/// A value the loop owns in its array and changes in place: the compiler proves those
/// accesses exclusive, where a class's properties are checked at run time on every access
/// (measurable in the app's time per pipelined link when this was a class; BENCHMARKS.md).
struct Connection {
  let descriptor: FileDescriptor
  var framer: LineFramer
  /// Reply bytes not yet sent, from `outputStart` on.
  private var output: [UInt8] = []
  private var outputStart = 0
  /// When bytes last moved either way (monotonic milliseconds).
  private(set) var lastActivity: Int64
  /// The client sent end-of-file: answer what is complete, then close.
  private(set) var endOfInput = false
  /// When the client was turned away, if it was: its input is read and dropped from then on.
  private(set) var rejectedAt: Int64?
  /// Complete lines wait unanswered because the output buffer was full: they go on once it
  /// has drained.
  private var linesHeldBack = false
  private var writeShutDown = false
  private(set) var isClosed = false

  /// Above this much unsent output, the server stops reading requests from the client until it
  /// reads its replies.
  static let outputHighWater = 1 << 20
  /// How long a turned-away client may keep the connection open to read its error line.
  static let rejectionGraceMilliseconds: Int64 = 1_000

  init(descriptor: FileDescriptor, maximumLineLength: Int, now: Int64) {
    self.descriptor = descriptor
    self.framer = LineFramer(maximumLineLength: maximumLineLength)
    self.lastActivity = now
    // Room for a reply with its screen, so that the first one is written without growing the
    // buffer three times on the way.
    output.reserveCapacity(2048)
  }

  var pendingOutput: Int { output.count - outputStart }
  var isRejected: Bool { rejectedAt != nil }

  /// What to watch this connection for in the next `poll`.
  var interest: PollEvents {
    var events = PollEvents()
    if !endOfInput, isRejected || pendingOutput < Self.outputHighWater { events.insert(.readable) }
    if pendingOutput > 0 { events.insert(.writable) }
    return events
  }

  /// Until when the connection may live without activity.
  func expiry(idleLimit: Int64) -> Int64 {
    let idle = lastActivity + idleLimit
    guard let rejectedAt else { return idle }
    return min(idle, rejectedAt + Self.rejectionGraceMilliseconds)
  }

  /// Queues `reply`'s UTF-8 bytes and a `\n`.
  mutating func enqueue(_ reply: String) {
    output.append(contentsOf: reply.utf8)
    output.append(UInt8(ascii: "\n"))
  }

  /// Queues one last line and stops taking requests. The client still reads the line: the
  /// connection stays open (its input dropped) until the client closes or a short grace ends,
  /// because closing with unread input would reset the connection under the client's feet.
  mutating func reject(with reply: String, now: Int64) {
    enqueue(reply)
    rejectedAt = now
    framer = LineFramer(maximumLineLength: framer.maximumLineLength)
  }

  /// Reads what is there, once (level-triggered `poll` brings us back for more).
  mutating func receive(into scratch: inout [UInt8], now: Int64) {
    let count: Int?
    do {
      count = try descriptor.read(into: &scratch)
    } catch {
      close()
      return
    }
    switch count {
    case .none: return
    case 0?: endOfInput = true
    case let count?:
      if !isRejected { framer.append(scratch[..<count]) }
      lastActivity = now
    }
  }

  /// Sends queued replies until done or the socket buffer is full; a vanished client
  /// (`EPIPE`, `ECONNRESET`) closes the connection. A rejected client's sending side is shut
  /// once its last line is out.
  mutating func flush(now: Int64) {
    while pendingOutput > 0 {
      let written: Int?
      do {
        written = try descriptor.send(output[outputStart...])
      } catch {
        close()
        return
      }
      guard let written else { return }
      outputStart += written
      lastActivity = now
    }
    output.removeAll(keepingCapacity: output.capacity <= 64 * 1024)
    outputStart = 0
    if isRejected, !writeShutDown {
      writeShutDown = true
      UnixSocket.shutdownWrite(descriptor)
    }
  }

  /// Calls `handler` for each complete line and queues its reply, while the output has room;
  /// sets ``linesHeldBack`` when lines may be left because it is full. A line longer than the
  /// limit gets the `lineTooLong` rejection instead, and the connection takes no more.
  mutating func answerLines(options: LineServer.Options, handler: LineServer.Handler) {
    linesHeldBack = false
    while !isRejected, pendingOutput < Self.outputHighWater {
      let answered: Void?
      do {
        answered = try framer.nextLine { line in
          let start = output.count
          handler(line, &output)
          assert(
            output.count >= start && !output[start...].contains(UInt8(ascii: "\n")),
            "a handler appends one line to the output and leaves what is queued alone")
        }
      } catch {
        // Lines before the long one were answered; nothing after it is.
        reject(
          with: options.rejectionReply(.lineTooLong(limit: options.maximumLineLength)),
          now: Clocks.monotonicMilliseconds)
        return
      }
      guard answered != nil else {
        // End of input with bytes after the last `\n`: a request cut short (a client killed
        // while writing), or written without its newline. Either way it is answered, never
        // applied and never dropped in silence.
        if endOfInput, framer.bufferedByteCount > 0 {
          enqueue(options.rejectionReply(.unterminatedLine(length: framer.bufferedByteCount)))
          framer = LineFramer(maximumLineLength: framer.maximumLineLength)
        }
        return
      }
      output.append(UInt8(ascii: "\n"))
    }
    linesHeldBack = !isRejected
  }

  /// Flushes the queued replies; lines held back by a full output buffer go on once it has
  /// drained (`beforeSending` runs before each such send, as in the loop's round). Closes the
  /// connection once its client finished and has all its replies.
  mutating func send(
    now: Int64, options: LineServer.Options, beforeSending: () -> Void, handler: LineServer.Handler
  ) {
    flush(now: now)
    while !isClosed, linesHeldBack, pendingOutput == 0 {
      answerLines(options: options, handler: handler)
      beforeSending()
      flush(now: now)
    }
    if !isClosed, endOfInput, pendingOutput == 0 { close() }
  }

  mutating func close() {
    guard !isClosed else { return }
    isClosed = true
    descriptor.close()
  }
}
