internal import CZlib

/// Inflating a compressed stream piece by piece with the system zlib, in bounded memory: the
/// caller feeds the input as it reads it and receives the output a buffer at a time, so a
/// zip entry of hundreds of megabytes is never held whole (``Inflater`` inflates into one
/// array, for small entries).
///
///     let stream = try InflateStream(format: .raw)
///     while let input = nextChunk() {
///       try stream.feed(input) { output in scan(output) }
///     }
///     guard stream.finished else { throw … }  // the input ended before the stream did
package final class InflateStream {
  /// The largest piece of output handed to `output` at once.
  package let bufferSize: Int
  /// Whether the end of the compressed stream was reached.
  package private(set) var finished = false
  /// How many bytes were produced so far.
  package private(set) var produced = 0

  private var stream = z_stream()
  private var buffer: [UInt8]

  /// A stream framed as `format`, handing out at most `bufferSize` bytes at a time.
  ///
  /// - Throws: ``InflateError/unavailable(reason:)`` when zlib cannot start.
  package init(format: InflateFormat, bufferSize: Int = 1 << 20) throws(InflateError) {
    self.bufferSize = max(bufferSize, 1)
    buffer = [UInt8](repeating: 0, count: self.bufferSize)
    let started = inflateInit2_(&stream, format.windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    guard started == Z_OK else {
      throw .unavailable(reason: stream.msg.map { String(cString: $0) } ?? "status \(started)")
    }
  }

  deinit { inflateEnd(&stream) }

  /// Inflates `input`, the next bytes of the stream, calling `output` with each piece of
  /// output in order; `output` returns `false` to stop early (the rest of `input` is then left
  /// unread, and the stream should not be fed again).
  ///
  /// - Returns: whether `output` asked to go on.
  /// - Throws: ``InflateError/corrupt(reason:)`` when zlib finds the data invalid,
  ///   ``InflateError/trailingBytes(count:)`` when bytes follow the end of the stream.
  package func feed(
    _ input: UnsafeRawBufferPointer, output: (UnsafeRawBufferPointer) -> Bool
  ) throws(InflateError) -> Bool {
    guard !input.isEmpty else { return true }
    guard !finished else { throw .trailingBytes(count: input.count) }
    let base = input.baseAddress!.assumingMemoryBound(to: UInt8.self)
    stream.next_in = UnsafeMutablePointer(mutating: base)
    stream.avail_in = UInt32(clamping: input.count)
    defer {
      stream.next_in = nil
      stream.avail_in = 0
    }
    while true {
      let size = bufferSize
      let (status, count, goOn) = buffer.withUnsafeMutableBytes { raw in
        stream.next_out = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
        stream.avail_out = UInt32(size)
        let status = CZlib.inflate(&stream, Z_NO_FLUSH)
        let count = size - Int(stream.avail_out)
        let goOn = count == 0 ? true : output(UnsafeRawBufferPointer(rebasing: raw[..<count]))
        return (status, count, goOn)
      }
      produced += count
      guard goOn else { return false }
      switch status {
      case Z_STREAM_END:
        finished = true
        guard stream.avail_in == 0 else { throw .trailingBytes(count: Int(stream.avail_in)) }
        return true
      case Z_OK:
        // zlib stops when the output buffer is full or the input is used up.
        if stream.avail_in == 0 && stream.avail_out != 0 { return true }
      case Z_BUF_ERROR:
        // No progress possible: all the input is used, more is needed.
        if stream.avail_in == 0 { return true }
        throw .corrupt(reason: reason(status))
      case Z_NEED_DICT:
        throw .corrupt(reason: "the stream needs a preset dictionary")
      case Z_MEM_ERROR:
        throw .unavailable(reason: "out of memory")
      default:
        throw .corrupt(reason: reason(status))
      }
    }
  }

  private func reason(_ status: Int32) -> String {
    stream.msg.map { String(cString: $0) } ?? "status \(status)"
  }
}
