import DeepLinkWire

/// The app's log lines of one round of the server loop, written to stderr together.
///
/// One `write(2)` per applied link was a syscall per link; the server calls ``flush()`` once
/// per round, before it sends the round's replies, so every line still comes out before the
/// reply to the link it records.
struct LogBuffer {
  /// The lines added since the last flush, each with its `\n`: whoever logs appends here.
  var bytes: [UInt8] = []
  let descriptor: Int32

  init(descriptor: Int32 = 2) {
    self.descriptor = descriptor
  }

  /// Writes what was added since the last flush.
  mutating func flush() {
    guard !bytes.isEmpty else { return }
    bytes.withUnsafeBytes { _ = StreamWriter.write($0, to: descriptor) }
    bytes.removeAll(keepingCapacity: bytes.capacity <= 64 * 1024)
  }
}
