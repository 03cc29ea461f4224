/// One file of a zip archive, as its central directory describes it.
///
/// Its ``name`` is only ever compared with names the caller looks for: it is never used as a
/// path on disk (a name such as `../../etc/passwd` is just text here).
package struct ZipEntry: Hashable, Sendable {
  /// The name as stored (UTF-8, or bytes decoded as if UTF-8), `/` between folders.
  package let name: String
  /// 0 stored, 8 deflated.
  package let method: UInt16
  package let flags: UInt16
  package let crc32: UInt32
  package let compressedSize: Int
  package let uncompressedSize: Int
  /// Where the entry's local header starts.
  package let localHeaderOffset: Int

  /// Whether the name ends with `/`: a folder, with no data.
  package var isDirectory: Bool { name.hasSuffix("/") }
}
