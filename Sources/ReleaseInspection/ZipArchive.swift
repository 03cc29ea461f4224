internal import ZlibInflate

/// A zip archive read from its central directory: the list of entries, then the one entry
/// asked for, without reading the rest (an `.ipa` of 50 MB costs its directory and one
/// Info.plist).
///
/// Entries stored (method 0) and deflated (method 8, through the system zlib) are read; ZIP64
/// sizes and offsets are understood. Every offset and size is checked against the file's size
/// before it is read, the central directory is read only up to ``maximumDirectorySize``, and
/// an entry is inflated only up to the caller's limit.
///
///     let archive = try ZipArchive(source)
///     let entry = archive.entries.first { $0.name == "Payload/Recipes.app/Info.plist" }
///     let bytes = try archive.contents(of: entry!, limit: 16 << 20)
package struct ZipArchive {
  /// The largest central directory read.
  package static let maximumDirectorySize = 64 << 20

  package let entries: [ZipEntry]
  let source: any ByteSource

  /// Reads the central directory of `source`.
  ///
  /// - Throws: ``ZipError``.
  package init(_ source: any ByteSource) throws(ZipError) {
    self.source = source
    let (directoryOffset, directorySize) = try Self.directoryLocation(source)
    let directory = try source.read(at: directoryOffset, count: directorySize)
    var entries: [ZipEntry] = []
    var position = 0
    while position < directory.count {
      let (entry, next) = try Self.entry(in: directory, at: position, fileSize: source.count)
      entries.append(entry)
      position = next
    }
    self.entries = entries
  }

  /// The uncompressed bytes of `entry`, at most `limit` of them.
  ///
  /// - Throws: ``ZipError`` when the entry is too large, encrypted, compressed another way,
  ///   or its data does not match its size or CRC-32.
  package func contents(of entry: ZipEntry, limit: Int) throws(ZipError) -> [UInt8] {
    guard entry.flags & 0x1 == 0 else { throw .unsupported("\(entry.name) is encrypted") }
    guard entry.uncompressedSize <= limit else { throw .entryTooLarge(name: entry.name, limit: limit) }
    let dataStart = try dataStart(of: entry)
    // Deflate never grows data by more than a few bytes per 16 KiB block.
    guard entry.compressedSize <= limit + limit / 64 + 1024 else {
      throw .entryTooLarge(name: entry.name, limit: limit)
    }
    let stored = try source.read(at: dataStart, count: entry.compressedSize)
    let bytes: [UInt8]
    switch entry.method {
    case 0:
      bytes = stored
    case 8:
      do {
        bytes = try Inflater.inflate(stored, format: .raw, limit: limit, expectedSize: entry.uncompressedSize)
      } catch .tooLarge {
        throw .entryTooLarge(name: entry.name, limit: limit)
      } catch {
        throw .badEntry(name: entry.name, problem: error.message)
      }
    default:
      throw .unsupported(
        "\(entry.name) is compressed with method \(entry.method) (only 0, stored, and 8, deflated)")
    }
    guard bytes.count == entry.uncompressedSize else {
      throw .badEntry(
        name: entry.name, problem: "it holds \(bytes.count) bytes, its header says \(entry.uncompressedSize)")
    }
    guard Inflater.crc32(bytes) == entry.crc32 else {
      throw .badEntry(name: entry.name, problem: "its CRC-32 does not match its header's")
    }
    return bytes
  }

  /// Where the data of `entry` starts, after its local header, checked to lie in the file.
  func dataStart(of entry: ZipEntry) throws(ZipError) -> Int {
    let header = entry.localHeaderOffset
    guard header <= source.count - 30 else {
      throw .corrupt("the local header of \(entry.name) at \(header) is past the end")
    }
    let local = try source.read(at: header, count: 30)
    guard Self.uint32(local, 0) == 0x0403_4B50 else {
      throw .corrupt("no local header signature for \(entry.name) at \(header)")
    }
    let dataStart = header + 30 + Int(Self.uint16(local, 26)) + Int(Self.uint16(local, 28))
    guard dataStart <= source.count, entry.compressedSize <= source.count - dataStart else {
      throw .corrupt("the data of \(entry.name) runs past the end of the archive")
    }
    return dataStart
  }

  // MARK: - Central directory

  /// Where the central directory is, from the end-of-central-directory record (and the ZIP64
  /// one when the sizes do not fit 32 bits).
  static func directoryLocation(_ source: any ByteSource) throws(ZipError) -> (offset: Int, size: Int) {
    let size = source.count
    guard size >= 22 else { throw .notAZip }
    let tailSize = min(size, 22 + 0xFFFF)
    let tail = try source.read(at: size - tailSize, count: tailSize)
    var index = tail.count - 22
    while index >= 0, uint32(tail, index) != 0x0605_4B50 { index -= 1 }
    guard index >= 0 else { throw .notAZip }
    let record = size - tailSize + index
    guard uint16(tail, index + 4) == 0, uint16(tail, index + 6) == 0 else {
      throw .unsupported("an archive split over several disks")
    }
    var directorySize = UInt64(uint32(tail, index + 12))
    var directoryOffset = UInt64(uint32(tail, index + 16))
    if directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF || uint16(tail, index + 10) == 0xFFFF {
      // ZIP64: a locator just before the record points at the ZIP64 end record.
      guard record >= 20 else { throw .corrupt("a ZIP64 archive without its locator") }
      let locator = try source.read(at: record - 20, count: 20)
      guard uint32(locator, 0) == 0x0706_4B50 else { throw .corrupt("a ZIP64 archive without its locator") }
      let end = uint64(locator, 8)
      guard size >= 56, end <= UInt64(size - 56) else {
        throw .corrupt("the ZIP64 end record at \(end) is past the end")
      }
      let zip64 = try source.read(at: Int(end), count: 56)
      guard uint32(zip64, 0) == 0x0606_4B50 else { throw .corrupt("no ZIP64 end record at \(end)") }
      directorySize = uint64(zip64, 40)
      directoryOffset = uint64(zip64, 48)
    }
    guard directorySize <= UInt64(maximumDirectorySize) else {
      throw .corrupt(
        "a central directory of \(directorySize) bytes, more than the \(maximumDirectorySize) read")
    }
    guard directoryOffset <= UInt64(size), directorySize <= UInt64(size) - directoryOffset else {
      throw .corrupt("the central directory (\(directorySize) bytes at \(directoryOffset)) runs past the end")
    }
    return (Int(directoryOffset), Int(directorySize))
  }

  /// The entry whose central header starts at `position`, and where the next one starts.
  static func entry(in directory: [UInt8], at position: Int, fileSize: Int) throws(ZipError) -> (
    ZipEntry, Int
  ) {
    guard directory.count - position >= 46, uint32(directory, position) == 0x0201_4B50 else {
      throw .corrupt("no central directory header at byte \(position) of the directory")
    }
    let nameLength = Int(uint16(directory, position + 28))
    let extraLength = Int(uint16(directory, position + 30))
    let commentLength = Int(uint16(directory, position + 32))
    let nameStart = position + 46
    let next = nameStart + nameLength + extraLength + commentLength
    guard next <= directory.count else {
      throw .corrupt("the central directory header at byte \(position) runs past the directory's end")
    }
    let name = String(decoding: directory[nameStart..<nameStart + nameLength], as: UTF8.self)
    var compressed = UInt64(uint32(directory, position + 20))
    var uncompressed = UInt64(uint32(directory, position + 24))
    var offset = UInt64(uint32(directory, position + 42))
    // The ZIP64 extra field holds, in this order, each of the three that is 0xFFFFFFFF.
    var extra = nameStart + nameLength
    let extraEnd = extra + extraLength
    while extra + 4 <= extraEnd {
      let id = uint16(directory, extra)
      let length = Int(uint16(directory, extra + 2))
      let body = extra + 4
      guard body + length <= extraEnd else { break }
      if id == 0x0001 {
        var field = body
        for value in [0, 1, 2] {
          let current = value == 0 ? uncompressed : value == 1 ? compressed : offset
          guard current == 0xFFFF_FFFF else { continue }
          guard field + 8 <= body + length else {
            throw .corrupt("the ZIP64 field of \(name) is too short")
          }
          let wide = uint64(directory, field)
          field += 8
          switch value {
          case 0: uncompressed = wide
          case 1: compressed = wide
          default: offset = wide
          }
        }
      }
      extra = body + length
    }
    guard compressed <= UInt64(fileSize), offset <= UInt64(fileSize), uncompressed <= UInt64(Int.max) else {
      throw .corrupt("\(name): sizes or offset past the end of the archive")
    }
    let entry = ZipEntry(
      name: name, method: uint16(directory, position + 10), flags: uint16(directory, position + 8),
      crc32: uint32(directory, position + 16), compressedSize: Int(compressed),
      uncompressedSize: Int(uncompressed), localHeaderOffset: Int(offset),
      madeBy: uint16(directory, position + 4), externalAttributes: uint32(directory, position + 38))
    return (entry, next)
  }

  static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(uint16(bytes, offset)) | UInt32(uint16(bytes, offset + 2)) << 16
  }

  static func uint64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
    UInt64(uint32(bytes, offset)) | UInt64(uint32(bytes, offset + 4)) << 32
  }
}
