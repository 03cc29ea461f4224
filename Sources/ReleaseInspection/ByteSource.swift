/// Bytes read by offset: a file read with `pread(2)` (so a 50 MB archive is never read whole),
/// or bytes in memory.
package protocol ByteSource {
  /// The number of bytes.
  var count: Int { get }
  /// `count` bytes from `offset`; the caller has checked that they lie within ``count``.
  ///
  /// - Throws: ``ZipError/read(_:)`` when the bytes could not be read.
  func read(at offset: Int, count: Int) throws(ZipError) -> [UInt8]
}

/// Bytes in memory as a ``ByteSource`` (tests, fuzzing).
package struct MemoryBytes: ByteSource {
  package let bytes: [UInt8]

  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  package var count: Int { bytes.count }

  package func read(at offset: Int, count: Int) throws(ZipError) -> [UInt8] {
    Array(bytes[offset..<offset + count])
  }
}
