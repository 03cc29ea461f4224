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
  /// The central header's "version made by" (its high byte is the host: 3 for Unix).
  package var madeBy: UInt16 = 0
  /// The central header's external attributes (on Unix, the file's mode in the high 16 bits).
  package var externalAttributes: UInt32 = 0

  /// Whether the name ends with `/`: a folder, with no data.
  package var isDirectory: Bool { name.hasSuffix("/") }

  /// Whether a Unix zip tool stored the entry as a symbolic link (mode `S_IFLNK`): its data is
  /// the link's target, not a file.
  package var isSymbolicLink: Bool {
    madeBy >> 8 == 3 && (externalAttributes >> 16) & 0o170000 == 0o120000
  }
}
