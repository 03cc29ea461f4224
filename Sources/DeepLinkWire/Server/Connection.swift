/// One accepted client as the server loop sees it: bytes in, lines out, replies waiting.
final class Connection {
  let descriptor: FileDescriptor
  var framer: LineFramer
  /// Reply bytes not yet sent, from `outputStart` on.
  private var output: [UInt8] = []
  private var outputStart = 0
  /// When bytes last moved either way (monotonic milliseconds).
  var lastActivity: Int64
  /// No more requests are read: the client sent end-of-file, or was rejected.
  var inputClosed = false
  private(set) var isClosed = false

  /// Above this much unsent output, the server stops reading requests from the client until it
  /// reads its replies.
  static let outputHighWater = 1 << 20

  init(descriptor: FileDescriptor, maximumLineLength: Int, now: Int64) {
    self.descriptor = descriptor
    self.framer = LineFramer(maximumLineLength: maximumLineLength)
    self.lastActivity = now
  }

  var pendingOutput: Int { output.count - outputStart }

  /// What to watch this connection for in the next `poll`.
  var interest: PollEvents {
    var events: PollEvents = []
    if !inputClosed, pendingOutput < Self.outputHighWater { events.insert(.readable) }
    if pendingOutput > 0 { events.insert(.writable) }
    return events
  }

  /// Queues `reply` and its `\n`.
  func enqueue(_ reply: String) {
    output.append(contentsOf: reply.utf8)
    output.append(UInt8(ascii: "\n"))
  }

  /// Reads what is there, once (level-triggered `poll` brings us back for more).
  func receive(into scratch: inout [UInt8], now: Int64) {
    let count: Int?
    do {
      count = try descriptor.read(into: &scratch)
    } catch {
      close()
      return
    }
    switch count {
    case .none: return
    case 0?: inputClosed = true
    case let count?:
      framer.append(scratch[..<count])
      lastActivity = now
    }
  }

  /// Sends queued replies until done or the socket buffer is full; a vanished client
  /// (`EPIPE`, `ECONNRESET`) closes the connection.
  func flush(now: Int64) {
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
  }

  func close() {
    guard !isClosed else { return }
    isClosed = true
    descriptor.close()
  }
}
