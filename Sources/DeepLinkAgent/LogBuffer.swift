import DeepLinkWire

/// The app's log lines of one round of the server loop, handed to the ``LogWriter`` together.
///
/// The handler appends each line to ``bytes`` (no lock, no call per link). A log file (or
/// `/dev/null`) gets the round's lines before the round's replies are sent (``writeBeforeReplies()``), so every line
/// is in the file before the reply to the link it records (`deeplink …; grep … app.log`). A
/// pipe or a terminal, which the writer's own thread writes so that a log nobody reads holds no
/// client up, gets them right after the replies (``handOverAfterReplies()``): waking that
/// thread then does not delay them.
struct LogBuffer {
  /// The lines added since the last hand-over, each with its `\n`: whoever logs appends here.
  var bytes: [UInt8] = []
  /// Where the lines go; `nil` (`--quiet`) drops them.
  let writer: LogWriter?

  init(writer: LogWriter?) {
    self.writer = writer
  }

  /// Before the round's replies: writes the lines to a log file, which takes them at once.
  mutating func writeBeforeReplies() {
    guard writer?.writesAtOnce ?? true else { return }
    handOver()
  }

  /// After the round's replies: queues what is left for the writer's thread.
  mutating func handOverAfterReplies() {
    handOver()
  }

  /// Hands what was added since the last hand-over to the writer.
  private mutating func handOver() {
    guard !bytes.isEmpty else { return }
    if let writer { bytes.withUnsafeBytes { writer.append($0) } }
    bytes.removeAll(keepingCapacity: bytes.capacity <= 64 * 1024)
  }
}
