internal import CZlib

/// Inflating deflate data with the system zlib, for any reader of compressed formats: zip
/// entries (``InflateFormat/raw``), PNG image data (``InflateFormat/zlib``), gzip.
///
/// Never allocates more than `limit` bytes of output, whatever the input claims:
///
///     let bytes = try Inflater.inflate(compressed, format: .raw, limit: 16 << 20)
package enum Inflater {
  /// The whole of one compressed stream, inflated.
  ///
  /// - Parameters:
  ///   - input: exactly one stream; bytes after its end are an error.
  ///   - format: how the stream is framed.
  ///   - limit: the most output accepted; more is ``InflateError/tooLarge(limit:)``.
  ///   - expectedSize: the size the container declares (a zip entry's uncompressed size),
  ///     used only to size the first buffer (never above `limit`).
  /// - Throws: ``InflateError``, never a crash: zlib checks the data itself.
  package static func inflate(
    _ input: [UInt8], format: InflateFormat, limit: Int, expectedSize: Int? = nil
  ) throws(InflateError) -> [UInt8] {
    var stream = z_stream()
    let started = inflateInit2_(
      &stream, format.windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    guard started == Z_OK else { throw .unavailable(reason: reason(started, stream)) }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    let first = min(max(expectedSize ?? input.count * 4, 64), limit) + 1
    var chunk = [UInt8](repeating: 0, count: min(first, 1 << 20))
    return try input.withUnsafeBufferPointer { (source) throws(InflateError) -> [UInt8] in
      stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
      stream.avail_in = UInt32(clamping: source.count)
      while true {
        let status = chunk.withUnsafeMutableBufferPointer { buffer in
          stream.next_out = buffer.baseAddress
          stream.avail_out = UInt32(buffer.count)
          return CZlib.inflate(&stream, Z_NO_FLUSH)
        }
        let produced = chunk.count - Int(stream.avail_out)
        guard output.count + produced <= limit else { throw .tooLarge(limit: limit) }
        output += chunk[..<produced]
        switch status {
        case Z_STREAM_END:
          let left = Int(stream.avail_in)
          guard left == 0 else { throw .trailingBytes(count: left) }
          return output
        case Z_OK:
          continue
        case Z_BUF_ERROR:
          // No progress possible: the input is used up before the stream's end.
          guard stream.avail_in == 0 else { throw .corrupt(reason: reason(status, stream)) }
          throw .truncated
        case Z_NEED_DICT:
          throw .corrupt(reason: "the stream needs a preset dictionary")
        case Z_MEM_ERROR:
          throw .unavailable(reason: "out of memory")
        default:
          throw .corrupt(reason: reason(status, stream))
        }
      }
    }
  }

  /// zlib's CRC-32 of `bytes` (zip entries, PNG chunks), `crc32(3)`.
  package static func crc32(_ bytes: [UInt8]) -> UInt32 {
    crc32(bytes[...])
  }

  /// zlib's CRC-32 of a part of a buffer (a PNG chunk's type and data, read in place).
  package static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      UInt32(truncatingIfNeeded: CZlib.crc32(0, buffer.baseAddress, UInt32(clamping: buffer.count)))
    }
  }

  /// zlib's CRC-32 of bytes that follow those whose CRC-32 is `previous` (0 for the first
  /// piece): a zip entry read a piece at a time.
  package static func crc32(_ bytes: UnsafeRawBufferPointer, continuing previous: UInt32) -> UInt32 {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return previous }
    return UInt32(
      truncatingIfNeeded: CZlib.crc32(
        uLong(previous), base.assumingMemoryBound(to: UInt8.self), UInt32(clamping: bytes.count)))
  }

  private static func reason(_ status: Int32, _ stream: z_stream) -> String {
    if let message = stream.msg { return String(cString: message) }
    return "status \(status)"
  }
}
