internal import CZlib

/// Compressing with the system zlib, the other direction of ``Inflater``: a PNG's image data
/// (``InflateFormat/zlib``) for the pictures deeplink writes itself (diff images, pictures
/// scaled for a model).
package enum Deflater {
  /// `input` as one zlib stream (RFC 1950), with `compress2(3)` at `level` (0 to 9; 6 is
  /// zlib's default balance of size and time).
  ///
  /// - Throws: ``InflateError/unavailable(reason:)`` when zlib cannot (out of memory), never
  ///   for any input.
  package static func deflate(_ input: [UInt8], level: Int32 = 6) throws(InflateError) -> [UInt8] {
    let bound = Int(compressBound(uLong(input.count)))
    var output = [UInt8](repeating: 0, count: bound)
    var length = uLongf(bound)
    let status = output.withUnsafeMutableBufferPointer { destination in
      input.withUnsafeBufferPointer { source in
        compress2(destination.baseAddress, &length, source.baseAddress, uLong(source.count), level)
      }
    }
    switch status {
    case Z_OK:
      output.removeSubrange(Int(length)...)
      return output
    case Z_MEM_ERROR: throw .unavailable(reason: "out of memory")
    default: throw .unavailable(reason: "compress2 returned \(status)")
    }
  }
}
