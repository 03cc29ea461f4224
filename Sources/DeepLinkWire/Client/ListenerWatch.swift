import DeepLinkSystem

/// Sleeps until a server may have started listening on a socket path, or a stop signal
/// (Ctrl-C, `kill`, a closed terminal) arrives: for `deeplink <route> --keep`, which applies its
/// link again each time the app comes back.
///
/// An app that starts (again) always makes a new socket file: its agent removes a stale one,
/// then binds (``ListeningSocket``). So the watch waits for a new file at that name:
/// - on Linux with `inotify(7)`, a watch on the socket's directory for `IN_CREATE` and
///   `IN_MOVED_TO`: no polling, no CPU used while nothing happens;
/// - elsewhere (macOS), `lstat(2)` of the path every ``recheckMilliseconds``, reporting a
///   socket file whose device and inode differ from the last one seen.
///
/// The file exists from `bind`, a moment before `listen`: a caller connects with a short retry
/// after each event (`LineClient.waitForListener`). Stop signals arrive on a self-pipe
/// (`SignalRelay`), so the wait ends cleanly, never in a signal handler.
///
///     let watch = try ListenerWatch(path: "/tmp/deeplink-501/app.sock")
///     defer { watch.close() }
///     while try watch.next() == .appeared { /* connect, apply, print */ }
package struct ListenerWatch {
  /// What ended a ``next()``.
  package enum Event: Hashable, Sendable {
    /// A new socket file is at the path: a server is starting, or listening.
    case appeared
    /// SIGINT, SIGTERM or SIGHUP arrived.
    case stopped
  }

  /// Why a watch cannot be set up.
  package struct Failure: Error, Hashable, Sendable {
    /// What failed, naming the path or the call: `inotify_add_watch /tmp/x: Permission denied`.
    package var message: String
  }

  /// How often the non-Linux fallback looks at the path.
  package static let recheckMilliseconds = 250

  let path: String
  let directory: String
  let name: String
  private let wakeUp: (read: FileDescriptor, write: FileDescriptor)
  /// The `inotify` instance (Linux), or `nil`.
  private let notifier: FileDescriptor?
  /// The socket file last seen (the fallback's state).
  private var lastSeen: FileStatus?

  /// Starts watching `path`'s directory, and relaying stop signals to this watch.
  ///
  /// The directory must exist (an agent makes it when it first listens; a caller may make it
  /// first with ``prepareDirectory(of:)``).
  ///
  /// - Throws: ``Failure`` when the directory cannot be watched or the signals not relayed.
  package init(path: String) throws(Failure) {
    self.path = path
    directory = SocketPath.directory(of: path)
    name = String(
      path.utf8.split(separator: UInt8(ascii: "/")).last.map { String(decoding: $0, as: UTF8.self) } ?? path)
    do {
      wakeUp = try FileDescriptor.makePipe()
    } catch {
      throw Failure(message: "\(error.call): \(error.errno)")
    }
    do {
      notifier = try DirectoryNotifier.watching(directory)
    } catch {
      wakeUp.read.close()
      wakeUp.write.close()
      let watch =
        error.call == "inotify_add_watch" ? "cannot watch \(directory) (inotify_add_watch)" : error.call
      throw Failure(message: "\(watch): \(error.errno)")
    }
    if notifier == nil { lastSeen = try? FileStatus.of(path) }
    do {
      try SignalRelay.register(wakeUp.write)
    } catch {
      notifier?.close()
      wakeUp.read.close()
      wakeUp.write.close()
      throw Failure(message: "too many stop-signal relays in this process (\(SignalRelay.slotCount))")
    }
  }

  /// Makes `path`'s directory if it is missing, private as an agent makes it (0700, owned by
  /// this user), so that a watch can start before any app has listened there.
  ///
  /// - Throws: ``Failure`` naming what is wrong with the directory.
  package static func prepareDirectory(of path: String) throws(Failure) {
    do {
      try PrivateDirectory.prepare(SocketPath.directory(of: path), userID: FileSystem.userID)
    } catch {
      throw Failure(message: error.message)
    }
  }

  /// Sleeps until a new socket file is at the path or a stop signal arrives; a stop signal
  /// that arrived meanwhile wins.
  ///
  /// - Throws: ``Failure`` when `poll(2)` or `read(2)` fails.
  package mutating func next() throws(Failure) -> Event {
    while true {
      var set = PollSet(capacity: 2)
      set.append(wakeUp.read, events: .readable)
      if let notifier { set.append(notifier, events: .readable) }
      do {
        _ = try set.wait(timeoutMilliseconds: notifier == nil ? Int32(Self.recheckMilliseconds) : -1)
      } catch {
        throw Failure(message: "\(error.call): \(error.errno)")
      }
      if !set.returnedEvents(at: 0).isEmpty { return .stopped }
      if notifier != nil {
        if set.returnedEvents(at: 1).isEmpty { continue }
        if try drainNotifications() { return .appeared }
      } else if let status = try? FileStatus.of(path), status.kind == .socket {
        defer { lastSeen = status }
        if let lastSeen, lastSeen.isSameFile(as: status) { continue }
        return .appeared
      } else {
        lastSeen = nil
      }
    }
  }

  /// Reads every queued `inotify` event; whether one names the socket (or the queue
  /// overflowed, so that one may have been lost).
  private func drainNotifications() throws(Failure) -> Bool {
    guard let notifier else { return false }
    var found = false
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count: Int?
      do { count = try notifier.read(into: &buffer) } catch {
        throw Failure(message: "\(error.call) (inotify): \(error.errno)")
      }
      guard let count, count > 0 else { return found }
      found = found || Self.names(in: buffer[..<count], include: name)
    }
  }

  /// Whether the `struct inotify_event` records in `bytes` (`wd`, `mask`, `cookie`, `len`, each
  /// 4 bytes in host order, then `len` bytes of NUL-padded name) name `wanted`, or report an
  /// overflow (`IN_Q_OVERFLOW`).
  ///
  ///     ListenerWatch.names(in: record(mask: 0x100, name: "app.sock"), include: "app.sock")  // true
  static func names(in bytes: ArraySlice<UInt8>, include wanted: String) -> Bool {
    let header = 16
    var offset = bytes.startIndex
    let wantedBytes = Array(wanted.utf8)
    while bytes.endIndex - offset >= header {
      func word(_ at: Int) -> UInt32 {
        var value: UInt32 = 0
        withUnsafeMutableBytes(of: &value) { raw in
          for index in 0..<4 { raw[index] = bytes[offset + at + index] }
        }
        return value
      }
      let mask = word(4)
      let length = Int(word(12))
      guard bytes.endIndex - offset - header >= length else { return false }
      let nameBytes = bytes[(offset + header)..<(offset + header + length)].prefix { $0 != 0 }
      // 0x4000: IN_Q_OVERFLOW (sys/inotify.h), spelled here so that the parser builds everywhere.
      if mask & 0x4000 != 0 || Array(nameBytes) == wantedBytes { return true }
      offset += header + length
    }
    return false
  }

  /// Stops relaying signals to this watch and closes its descriptors.
  package func close() {
    SignalRelay.unregister(wakeUp.write)
    notifier?.close()
    wakeUp.read.close()
    wakeUp.write.close()
  }
}
