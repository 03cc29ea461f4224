/// The single-threaded `poll` loop that owns every connection (ssh-agent's design).
///
/// Each round watches the wake-up pipe, the listener and every connection; reads what is there,
/// hands each complete line to the handler in arrival order, and queues its reply; flushes
/// what the sockets take; closes connections that finished, failed or sat idle too long.
/// Nothing blocks except `poll` itself.
struct ServerLoop {
  let listener: FileDescriptor
  let wakeUp: FileDescriptor
  let options: LineServer.Options
  let userID: UInt32

  private var connections: [Connection] = []
  private var pollSet = PollSet(capacity: 64)
  private var scratch = [UInt8](repeating: 0, count: 64 * 1024)
  /// After `EMFILE` and the like, accepting pauses until this moment instead of spinning.
  private var acceptPausedUntil: Int64 = 0

  init(listener: FileDescriptor, wakeUp: FileDescriptor, options: LineServer.Options, userID: UInt32) {
    self.listener = listener
    self.wakeUp = wakeUp
    self.options = options
    self.userID = userID
  }

  /// Serves until a byte arrives on the wake-up pipe, then closes every connection.
  mutating func run(handler: (ArraySlice<UInt8>) -> String) throws(SystemCallError) {
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

      for (offset, connection) in connections.enumerated() {
        let events = pollSet.returnedEvents(at: first + offset)
        if !events.isEmpty { service(connection, events: events, now: now, handler: handler) }
      }
      if accepting, !pollSet.returnedEvents(at: 1).isEmpty { acceptWaiting(now: now) }
      let idleLimit = Int64(options.idleTimeoutMilliseconds)
      connections.removeAll { connection in
        if !connection.isClosed, now >= connection.expiry(idleLimit: idleLimit) { connection.close() }
        return connection.isClosed
      }
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

  private mutating func service(
    _ connection: Connection, events: PollEvents, now: Int64, handler: (ArraySlice<UInt8>) -> String
  ) {
    if !connection.endOfInput, !events.isDisjoint(with: [.readable, .hangUp, .error, .invalid]) {
      connection.receive(into: &scratch, now: now)
    }
    while !connection.isClosed {
      let blocked = answerLines(connection, handler: handler)
      connection.flush(now: now)
      // Lines held back by a full output buffer go on once it has drained.
      guard blocked, connection.pendingOutput == 0 else { break }
    }
    if !connection.isClosed, connection.endOfInput, connection.pendingOutput == 0 { connection.close() }
  }

  /// Calls the handler for each complete line while the output has room.
  ///
  /// - Returns: whether lines may be left because the output buffer is full.
  private func answerLines(_ connection: Connection, handler: (ArraySlice<UInt8>) -> String) -> Bool {
    while !connection.isRejected, connection.pendingOutput < Connection.outputHighWater {
      let line: ArraySlice<UInt8>?
      do {
        line = try connection.framer.nextLine()
      } catch {
        // Lines before the long one were answered; nothing after it is.
        let reply = options.rejectionReply(.lineTooLong(limit: options.maximumLineLength))
        connection.reject(with: reply, now: Clocks.monotonicMilliseconds)
        return false
      }
      guard let line else { return false }
      connection.enqueue(handler(line))
    }
    return !connection.isRejected
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
      let connection = Connection(
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
  private func closeAll() {
    let now = Clocks.monotonicMilliseconds
    for connection in connections {
      connection.flush(now: now)
      connection.close()
    }
  }
}
