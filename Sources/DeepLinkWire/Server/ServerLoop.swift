/// The single-threaded `poll` loop that owns every connection (ssh-agent's design).
///
/// Each round watches the wake-up pipe, the listener and every connection; reads what is there,
/// hands each complete line to the handler in arrival order, and queues its reply; calls
/// `beforeSending` once; flushes what the sockets take; calls `afterSending`; closes connections that finished,
/// failed or sat idle too long. Nothing blocks except `poll` itself.
struct ServerLoop {
  let listener: FileDescriptor
  let wakeUp: FileDescriptor
  let options: LineServer.Options
  let userID: UInt32

  private var connections: [Connection] = []
  private var pollSet = PollSet(capacity: 64)
  private var scratch = [UInt8](repeating: 0, count: 64 * 1024)
  /// Where in `connections` the ones `poll` reported this round are, kept to reuse the
  /// array's storage.
  private var ready: [Int] = []
  /// After `EMFILE` and the like, accepting pauses until this moment instead of spinning.
  private var acceptPausedUntil: Int64 = 0

  init(listener: FileDescriptor, wakeUp: FileDescriptor, options: LineServer.Options, userID: UInt32) {
    self.listener = listener
    self.wakeUp = wakeUp
    self.options = options
    self.userID = userID
  }

  /// Serves until a byte arrives on the wake-up pipe, then closes every connection.
  mutating func run(
    beforeSending: () -> Void, afterSending: () -> Void, handler: LineServer.Handler
  ) throws(SystemCallError) {
    defer { closeAll() }
    while true {
      var now = Clocks.monotonicMilliseconds
      pollSet.removeAll()
      pollSet.append(wakeUp, events: .readable)
      let accepting = connections.count < options.maximumConnections && now >= acceptPausedUntil
      if accepting { pollSet.append(listener, events: .readable) }
      let first = pollSet.count
      for connection in connections { pollSet.append(connection.descriptor, events: connection.interest) }

      _ = try pollSet.wait(timeoutMilliseconds: timeout(now: now))
      if !pollSet.returnedEvents(at: 0).isEmpty { return }
      now = Clocks.monotonicMilliseconds

      // Every ready connection's lines are answered before any reply is sent, so that what the
      // handler leaves for `beforeSending` (the app's log lines) goes out in one write per
      // round, and before the replies it belongs to.
      ready.removeAll(keepingCapacity: true)
      for index in connections.indices {
        let events = pollSet.returnedEvents(at: first + index)
        guard !events.isEmpty else { continue }
        if !connections[index].endOfInput, !events.isDisjoint(with: .readableOrClosed) {
          connections[index].receive(into: &scratch, now: now)
        }
        guard !connections[index].isClosed else { continue }
        ready.append(index)
        connections[index].answerLines(options: options, handler: handler)
      }
      if !ready.isEmpty { beforeSending() }
      for index in ready {
        connections[index].send(now: now, options: options, beforeSending: beforeSending, handler: handler)
      }
      if !ready.isEmpty { afterSending() }
      if accepting, !pollSet.returnedEvents(at: 1).isEmpty { acceptWaiting(now: now) }
      let idleLimit = Int64(options.idleTimeoutMilliseconds)
      for index in connections.indices
      where !connections[index].isClosed && now >= connections[index].expiry(idleLimit: idleLimit) {
        connections[index].close()
      }
      connections.removeAll { $0.isClosed }
    }
  }

  /// Until the earliest idle deadline (or the end of an accept pause); -1 with nothing to wait for.
  private func timeout(now: Int64) -> Int32 {
    var earliest = Int64.max
    let idleLimit = Int64(options.idleTimeoutMilliseconds)
    for connection in connections { earliest = min(earliest, connection.expiry(idleLimit: idleLimit)) }
    if acceptPausedUntil > now { earliest = min(earliest, acceptPausedUntil) }
    guard earliest != .max else { return -1 }
    return Int32(clamping: max(0, earliest - now))
  }

  /// Accepts waiting connections (a bounded number per round, for fairness) and checks each
  /// peer's uid before anything else.
  private mutating func acceptWaiting(now: Int64) {
    for _ in 0..<64 where connections.count < options.maximumConnections {
      let accepted: FileDescriptor?
      do {
        accepted = try UnixSocket.accept(listener)
      } catch {
        // EMFILE, ENFILE, ENOBUFS: the listener stays readable, so wait instead of spinning.
        acceptPausedUntil = now + 50
        return
      }
      guard let accepted else { return }
      var connection = Connection(
        descriptor: accepted, maximumLineLength: options.maximumLineLength, now: now)
      guard let peer = try? UnixSocket.peerUserID(accepted) else {
        connection.close()
        continue
      }
      if peer != userID {
        connection.reject(with: options.rejectionReply(.foreignPeer(peer: peer, server: userID)), now: now)
        connection.flush(now: now)
        if connection.isClosed { continue }
      }
      connections.append(connection)
    }
  }

  /// Sends what each connection has queued, if its socket takes it now, and closes it.
  private mutating func closeAll() {
    let now = Clocks.monotonicMilliseconds
    for index in connections.indices {
      connections[index].flush(now: now)
      connections[index].close()
    }
  }
}
