import Foundation
import ReleaseInspection
import TestSupport
import Testing
import ZlibInflate

/// Zip archives written by Python's zipfile, stored and deflated, then broken ones.
@Suite(
  "Zip archives", .requires("python3"))
struct ZipArchiveTests {
  static let entries =
    "[('Payload/Recipes.app/Info.plist', plistlib.dumps({'a': 'b' * 3000}), True), "
    + "('Payload/Recipes.app/Recipes', b'\\x7fELF' * 1000, False), ('Payload/', b'', False), "
    + "('../../outside/Info.plist', b'x', False)]"

  @Test func readsStoredAndDeflatedEntries() throws {
    let archive = try ZipArchive(MemoryBytes(try IndependentWriters.zip(Self.entries)))
    #expect(
      archive.entries.map(\.name) == [
        "Payload/Recipes.app/Info.plist", "Payload/Recipes.app/Recipes", "Payload/",
        "../../outside/Info.plist",
      ])
    let plist = try archive.contents(of: archive.entries[0], limit: 1 << 20)
    #expect(archive.entries[0].method == 8)
    #expect(try PropertyList.read(plist)["a"] == .string(String(repeating: "b", count: 3000)))
    #expect(
      try archive.contents(of: archive.entries[1], limit: 1 << 20)
        == Array(repeating: Array("\u{7f}ELF".utf8), count: 1000).flatMap { $0 })
    // A name is only text: reading it creates nothing anywhere.
    #expect(try archive.contents(of: archive.entries[3], limit: 10) == [UInt8(ascii: "x")])
  }

  @Test func anEntryInflatingPastTheLimitIsRefused() throws {
    let bomb = try IndependentWriters.zip("[('Payload/A.app/Info.plist', b'\\0' * (20 << 20), True)]")
    #expect(bomb.count < 100_000)
    let archive = try ZipArchive(MemoryBytes(bomb))
    #expect(throws: ZipError.entryTooLarge(name: "Payload/A.app/Info.plist", limit: 16 << 20)) {
      try archive.contents(of: archive.entries[0], limit: 16 << 20)
    }
  }

  /// A stored entry a little over the limit: nothing is inflated, so only the size its header
  /// declares stops it.
  @Test func aStoredEntryOverTheLimitIsRefused() throws {
    let archive = try ZipArchive(MemoryBytes(try IndependentWriters.zip("[('f', b'x' * 1500, False)]")))
    #expect(archive.entries[0].method == 0)
    #expect(throws: ZipError.entryTooLarge(name: "f", limit: 1000)) {
      try archive.contents(of: archive.entries[0], limit: 1000)
    }
    #expect(try archive.contents(of: archive.entries[0], limit: 1500).count == 1500)
  }

  @Test func anEntryWhoseHeaderUnderstatesItsSizeIsStillCutAtTheLimit() throws {
    var bytes = try IndependentWriters.zip("[('big', b'\\0' * (1 << 20), True)]")
    // Rewrite the central directory's uncompressed size (offset 24 of its header) to 10.
    let directory = bytes.indices.last { index in
      index + 4 <= bytes.count && bytes[index..<index + 4].elementsEqual([0x50, 0x4B, 0x01, 0x02])
    }!
    bytes.replaceSubrange(directory + 24..<directory + 28, with: [10, 0, 0, 0])
    let archive = try ZipArchive(MemoryBytes(bytes))
    #expect(throws: ZipError.entryTooLarge(name: "big", limit: 1000)) {
      try archive.contents(of: archive.entries[0], limit: 1000)
    }
  }

  @Test func aFlippedByteInStoredDataFailsItsCRC() throws {
    var bytes = try IndependentWriters.zip("[('f', b'hello world', False)]")
    let at = bytes.firstRange(of: Array("hello".utf8))!.lowerBound
    bytes[at] = UInt8(ascii: "j")
    let archive = try ZipArchive(MemoryBytes(bytes))
    #expect(throws: ZipError.badEntry(name: "f", problem: "its CRC-32 does not match its header's")) {
      try archive.contents(of: archive.entries[0], limit: 100)
    }
  }

  @Test func truncatedOrGarbledArchivesAreErrors() throws {
    let bytes = try IndependentWriters.zip(Self.entries)
    #expect(throws: ZipError.notAZip) { try ZipArchive(MemoryBytes(Array(bytes.dropLast(30)))) }
    #expect(throws: ZipError.notAZip) { try ZipArchive(MemoryBytes([])) }
    // Every truncation and every flipped byte: an error or a value, never a crash.
    for length in stride(from: 0, to: bytes.count, by: 7) {
      if let archive = try? ZipArchive(MemoryBytes(Array(bytes[..<length]))) {
        for entry in archive.entries { _ = try? archive.contents(of: entry, limit: 1 << 20) }
      }
    }
    for index in bytes.indices {
      var flipped = bytes
      flipped[index] ^= 0xA5
      if let archive = try? ZipArchive(MemoryBytes(flipped)) {
        for entry in archive.entries { _ = try? archive.contents(of: entry, limit: 1 << 20) }
      }
    }
  }

  @Test func aCentralDirectoryPastTheEndIsAnError() throws {
    var bytes = try IndependentWriters.zip("[('f', b'x', False)]")
    let end = bytes.count - 22
    bytes.replaceSubrange(end + 16..<end + 20, with: [0xFF, 0xFF, 0xFF, 0x7F])
    #expect(throws: ZipError.self) { try ZipArchive(MemoryBytes(bytes)) }
  }
}

/// The shared inflate wrapper, on streams Python's zlib writes.
@Suite(
  "Inflating with the system zlib",
  .requires("python3"))
struct InflaterTests {
  @Test func inflatesZlibAndRawStreams() throws {
    let text = Array(String(repeating: "deeplink ", count: 500).utf8)
    let zlibStream = try IndependentWriters.python(
      "import zlib\nout.write(zlib.compress(b'deeplink ' * 500))")
    #expect(try Inflater.inflate(zlibStream, format: .zlib, limit: 1 << 20) == text)
    let raw = try IndependentWriters.python(
      "import zlib\nc = zlib.compressobj(9, zlib.DEFLATED, -15)\nout.write(c.compress(b'deeplink ' * 500) + c.flush())"
    )
    #expect(try Inflater.inflate(raw, format: .raw, limit: 1 << 20) == text)
    #expect(throws: InflateError.tooLarge(limit: 100)) { try Inflater.inflate(raw, format: .raw, limit: 100) }
    #expect(throws: InflateError.truncated) {
      try Inflater.inflate(Array(raw.dropLast(3)), format: .raw, limit: 1 << 20)
    }
    #expect(throws: InflateError.trailingBytes(count: 2)) {
      try Inflater.inflate(raw + [1, 2], format: .raw, limit: 1 << 20)
    }
    #expect(throws: InflateError.self) {
      try Inflater.inflate([0xFF, 0xFF, 0xFF], format: .zlib, limit: 1 << 20)
    }
    #expect(Inflater.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
  }
}
