/// Cuts a byte stream into `\n`-terminated lines: feed it bytes as they arrive, take whole lines.
///
/// A line is the bytes before a `\n`, without the `\n` and without one `\r` just before it (so
/// `\r\n` from a terminal or a Windows tool reads the same). Bytes are not decoded: invalid UTF-8
/// and NUL bytes come out as they went in, and the reader decides what they mean.
///
///     var framer = LineFramer()
///     framer.append(Array("ping\r\npo".utf8))
///     try framer.nextLine()  // "ping" as bytes
///     try framer.nextLine()  // nil: "po" waits for its "\n"
///
/// A line longer than ``maximumLineLength`` bytes (counted before the `\n`) is an error as soon
/// as it is certain, without waiting for its end, so a peer cannot make the buffer grow forever.
package struct LineFramer: Sendable {
  /// 64 KiB: far more than any request, small enough that a runaway peer costs little.
  package static let defaultMaximumLineLength = 64 * 1024

  /// The longest line accepted, in bytes, not counting the `\n`.
  package let maximumLineLength: Int

  private var buffer: [UInt8] = []
  /// Where the unconsumed bytes start in `buffer`.
  private var start = 0
  /// Where the search for the next `\n` resumes: bytes before it hold none.
  private var scanned = 0

  package init(maximumLineLength: Int = LineFramer.defaultMaximumLineLength) {
    self.maximumLineLength = maximumLineLength
  }

  /// The bytes received and not yet returned as lines.
  package var bufferedByteCount: Int { buffer.count - start }

  /// Adds bytes read from the stream.
  package mutating func append(_ bytes: some Sequence<UInt8>) {
    if start > 0, start >= buffer.count / 2 {
      buffer.removeSubrange(0..<start)
      scanned -= start
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// Takes the next complete line.
  ///
  /// - Returns: the line without its terminator, or `nil` until a `\n` arrives.
  /// - Throws: ``FramingError/lineTooLong(limit:)`` when the line at the front is (or is
  ///   certain to be) longer than ``maximumLineLength``; the framer stays in that state.
  package mutating func nextLine() throws(FramingError) -> ArraySlice<UInt8>? {
    guard let range = try nextLineRange() else { return nil }
    return buffer[range]
  }

  /// Takes the next complete line and hands it to `body` as a view of the framer's buffer:
  /// ``nextLine()`` for a reader that only looks at the line, without the reference counting
  /// an `ArraySlice` of the buffer costs (the server's path for every request).
  ///
  /// - Returns: what `body` returned, or `nil` until a `\n` arrives.
  /// - Throws: as ``nextLine()``.
  package mutating func nextLine<Result>(_ body: (Span<UInt8>) -> Result) throws(FramingError) -> Result? {
    guard let range = try nextLineRange() else { return nil }
    // Not `buffer.span`: `Array.span` needs macOS 26 / iOS 26, while `Span` itself and its
    // unsafe initializer are back-deployed to every version this package supports.
    return buffer.withUnsafeBufferPointer { whole in
      body(Span(_unsafeElements: UnsafeBufferPointer(rebasing: whole[range])))
    }
  }

  /// Where the next complete line is in `buffer`, which it consumes.
  private mutating func nextLineRange() throws(FramingError) -> Range<Int>? {
    let searchFrom = max(start, scanned)
    guard let newline = buffer[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) else {
      scanned = buffer.count
      guard buffer.count - start <= maximumLineLength else {
        throw .lineTooLong(limit: maximumLineLength)
      }
      return nil
    }
    guard newline - start <= maximumLineLength else { throw .lineTooLong(limit: maximumLineLength) }
    var end = newline
    if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    let line = start..<end
    start = newline + 1
    scanned = start
    return line
  }

  /// The first line of `bytes` and what follows it, as a pure function.
  ///
  ///     LineFramer.split(Array("a\r\nb".utf8)[...], maximumLineLength: 10)
  ///     // (line: "a", rest: "b")
  ///
  /// - Returns: `nil` when `bytes` holds no `\n` yet.
  /// - Throws: ``FramingError/lineTooLong(limit:)`` as ``nextLine()`` does.
  package static func split(
    _ bytes: ArraySlice<UInt8>, maximumLineLength: Int = defaultMaximumLineLength
  ) throws(FramingError) -> (line: ArraySlice<UInt8>, rest: ArraySlice<UInt8>)? {
    var framer = LineFramer(maximumLineLength: maximumLineLength)
    framer.append(bytes)
    guard let line = try framer.nextLine() else { return nil }
    let consumed = framer.start
    return (
      bytes[bytes.startIndex..<(bytes.startIndex + line.count)], bytes[(bytes.startIndex + consumed)...]
    )
  }
}
