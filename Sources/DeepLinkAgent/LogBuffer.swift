import DeepLinkWire

/// The app's log lines of one round of the server loop, handed to the ``LogWriter`` together.
///
/// The handler appends each line to ``bytes`` (no lock, no call per link); the server calls
/// ``flush()`` once per round, before it sends the round's replies, so every line is written
/// (to a regular file) or queued (for a pipe or a terminal, which the writer's own thread
/// writes, so that a log nobody reads holds no client up) before the reply to the link it
/// records.
struct LogBuffer {
  /// The lines added since the last flush, each with its `\n`: whoever logs appends here.
  var bytes: [UInt8] = []
  /// Where the lines go; `nil` (`--quiet`) drops them.
  let writer: LogWriter?

  init(writer: LogWriter?) {
    self.writer = writer
  }

  /// Hands what was added since the last flush to the writer.
  mutating func flush() {
    guard !bytes.isEmpty else { return }
    if let writer { bytes.withUnsafeBytes { writer.append($0) } }
    bytes.removeAll(keepingCapacity: bytes.capacity <= 64 * 1024)
  }
}
