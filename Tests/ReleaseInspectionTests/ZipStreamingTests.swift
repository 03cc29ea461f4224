import ReleaseInspection
import TestSupport
import Testing

/// Entries read a piece at a time (`ZipArchive.stream`), from archives Python's zipfile
/// writes: the same bytes as a whole read, in pieces no larger than asked, and every damage a
/// whole read catches caught too.
@Suite(
  "Zip entries streamed",
  .requires("python3"))
struct ZipStreamingTests {
  /// Reads `entry` piece by piece and returns the bytes, the largest piece, and whether the
  /// whole entry was read.
  static func streamed(_ archive: ZipArchive, _ entry: ZipEntry, pieceSize: Int) throws -> ([UInt8], Int) {
    var bytes: [UInt8] = []
    var largest = 0
    let whole = try archive.stream(entry, limit: 1 << 30, pieceSize: pieceSize) { piece in
      bytes += piece
      largest = max(largest, piece.count)
      return true
    }
    #expect(whole)
    return (bytes, largest)
  }

  @Test func storedAndDeflatedEntriesStreamToTheirWholeContents() throws {
    let archive = try ZipArchive(
      MemoryBytes(
        try IndependentWriters.zip(
          "[('deflated', bytes(range(256)) * 4000 + b'tail', True), ('stored', b'\\x7fELF' * 3000, False), "
            + "('empty', b'', True)]")))
    for entry in archive.entries {
      let whole = try archive.contents(of: entry, limit: 1 << 30)
      for pieceSize in [64, 1000, 1 << 20] {
        let (bytes, largest) = try Self.streamed(archive, entry, pieceSize: pieceSize)
        #expect(bytes == whole, "\(entry.name) in pieces of \(pieceSize)")
        #expect(largest <= pieceSize)
      }
    }
  }

  @Test func theReaderCanStopEarly() throws {
    let archive = try ZipArchive(MemoryBytes(try IndependentWriters.zip("[('f', b'x' * 100000, True)]")))
    var pieces = 0
    let whole = try archive.stream(archive.entries[0], limit: 1 << 20, pieceSize: 100) { _ in
      pieces += 1
      return pieces < 3
    }
    #expect(!whole)
    #expect(pieces == 3)
  }

  /// A flipped byte in the data, data cut short, or a header that understates the size: a
  /// ``ZipError/badEntry(name:problem:)``, as a whole read gives.
  @Test func damagedEntriesAreErrors() throws {
    let good = try IndependentWriters.zip(
      "[('f', bytes(range(256)) * 2000, True), ('s', b'hello world', False)]")
    func damaged(_ change: (inout [UInt8]) -> Void) throws -> ZipArchive {
      var bytes = good
      change(&bytes)
      return try ZipArchive(MemoryBytes(bytes))
    }
    // The CRC-32 in the central directory header of each entry (offset 16), changed.
    let centrals = good.indices.filter { index in
      index + 4 <= good.count && good[index..<index + 4].elementsEqual([0x50, 0x4B, 0x01, 0x02])
    }
    for (index, central) in centrals.enumerated() {
      let archive = try damaged { $0[central + 16] ^= 0xFF }
      let entry = archive.entries[index]
      #expect(throws: ZipError.badEntry(name: entry.name, problem: "its CRC-32 does not match its header's"))
      {
        _ = try archive.stream(entry, limit: 1 << 20, pieceSize: 1000) { _ in true }
      }
    }
    // The deflated entry's compressed size (offset 20) halved: its stream ends early.
    let cut = try damaged { bytes in
      let size = Int(bytes[centrals[0] + 20]) | Int(bytes[centrals[0] + 21]) << 8
      bytes[centrals[0] + 20] = UInt8((size / 2) & 0xFF)
      bytes[centrals[0] + 21] = UInt8((size / 2) >> 8)
    }
    #expect(
      throws: ZipError.badEntry(
        name: "f", problem: "the compressed data ends before its stream does (a truncated file?)")
    ) {
      _ = try cut.stream(cut.entries[0], limit: 1 << 20, pieceSize: 1000) { _ in true }
    }
    // The uncompressed size (offset 24) understated: inflating stops just past it.
    let understated = try damaged {
      $0.replaceSubrange(centrals[0] + 24..<centrals[0] + 28, with: [100, 0, 0, 0])
    }
    var seen = 0
    #expect(
      throws: ZipError.badEntry(name: "f", problem: "it inflates to more than its header's 100 bytes")
    ) {
      _ = try understated.stream(understated.entries[0], limit: 1 << 20, pieceSize: 64) { piece in
        seen += piece.count
        return true
      }
    }
    #expect(seen <= 100)
  }
}
