#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a descriptor is watched for, or what `poll` reported on it.
package struct PollEvents: OptionSet, Hashable, Sendable {
  package let rawValue: Int16

  package init(rawValue: Int16) {
    self.rawValue = rawValue
  }

  package static let readable = PollEvents(rawValue: Int16(POLLIN))
  package static let writable = PollEvents(rawValue: Int16(POLLOUT))
  /// The peer hung up (reported whether asked for or not).
  package static let hangUp = PollEvents(rawValue: Int16(POLLHUP))
  /// An error condition (reported whether asked for or not).
  package static let error = PollEvents(rawValue: Int16(POLLERR))
  /// The descriptor is not open (reported whether asked for or not).
  package static let invalid = PollEvents(rawValue: Int16(POLLNVAL))
  /// Input, or the end of it: ``readable``, ``hangUp``, ``error`` or ``invalid``, after which a
  /// read answers (with bytes, 0 or an error). A constant, not an array literal: a literal of
  /// this type builds the set through the standard library's generic initializer, which looks
  /// up conformances at run time on every call (a server's every poll round).
  package static let readableOrClosed = PollEvents(rawValue: Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL))
}

/// The array of `struct pollfd` that one `poll(2)` call watches, rebuilt each round.
package struct PollSet {
  private var entries: [pollfd] = []

  package init(capacity: Int) {
    entries.reserveCapacity(capacity)
  }

  package var count: Int { entries.count }

  package mutating func removeAll() {
    entries.removeAll(keepingCapacity: true)
  }

  /// Adds `descriptor`, watched for `events`, and returns its index.
  @discardableResult
  package mutating func append(_ descriptor: FileDescriptor, events: PollEvents) -> Int {
    entries.append(pollfd(fd: descriptor.rawValue, events: events.rawValue, revents: 0))
    return entries.count - 1
  }

  /// What `poll` reported for the entry at `index` in the last ``wait(timeoutMilliseconds:)``.
  package func returnedEvents(at index: Int) -> PollEvents {
    PollEvents(rawValue: entries[index].revents)
  }

  /// `poll(2)`: waits until an entry is ready or `timeoutMilliseconds` pass (-1: no limit).
  ///
  /// `EINTR` is not retried here: it returns 0 (nothing ready) so that the caller recomputes
  /// its timeout and notices a signal's wake-up byte.
  ///
  /// - Returns: the number of entries with events.
  package mutating func wait(timeoutMilliseconds: Int32) throws(SystemCallError) -> Int {
    let count = entries.count
    let result = entries.withUnsafeMutableBufferPointer { buffer in
      poll(buffer.baseAddress, nfds_t(count), timeoutMilliseconds)
    }
    if result == -1 {
      let error = Errno.current
      if error == .interrupted { return 0 }
      throw SystemCallError("poll", error)
    }
    return Int(result)
  }

  /// Waits for one descriptor until `deadline`: `poll(2)` on a single entry, called again with
  /// the time that is left when a signal interrupts it (`EINTR`), so that a signal handled
  /// elsewhere in the process never reads as the time running out.
  ///
  /// - Returns: the events reported, empty only once `deadline` has passed.
  package static func wait(
    for descriptor: FileDescriptor, events: PollEvents, deadline: Deadline
  ) throws(SystemCallError) -> PollEvents {
    // One entry on the stack: no array to allocate (a client's every reply waits here).
    var entry = pollfd(fd: descriptor.rawValue, events: events.rawValue, revents: 0)
    while true {
      let result = poll(&entry, 1, deadline.pollTimeout)
      if result > 0 { return PollEvents(rawValue: entry.revents) }
      if result == -1, case let error = Errno.current, error != .interrupted {
        throw SystemCallError("poll", error)
      }
      if deadline.hasPassed { return PollEvents(rawValue: 0) }
    }
  }
}
