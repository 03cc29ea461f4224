internal import ZlibInflate

extension ZipArchive {
  /// How much compressed data is read at once when an entry is streamed.
  static let streamedReadSize = 256 << 10

  /// Hands the uncompressed bytes of `entry` to `body` a piece of at most `pieceSize` bytes at
  /// a time, in order, in memory bounded by `pieceSize` whatever the entry's size (an app's
  /// executable of hundreds of megabytes); `body` returns `false` to stop early.
  ///
  /// An entry read to its end is checked as ``contents(of:limit:)`` checks it: its size and
  /// CRC-32 those of its header, its deflate stream whole. Inflating stops as soon as it
  /// passes the size the header gives, so a small entry cannot expand without bound.
  ///
  /// - Returns: `true` when the whole entry was read and checked, `false` when `body` stopped.
  /// - Throws: ``ZipError`` when the entry is encrypted, compressed another way, larger than
  ///   `limit`, truncated, or does not match its size or CRC-32.
  package func stream(
    _ entry: ZipEntry, limit: Int, pieceSize: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) -> Bool
  ) throws(ZipError) -> Bool {
    guard entry.flags & 0x1 == 0 else { throw .unsupported("\(entry.name) is encrypted") }
    guard entry.uncompressedSize <= limit else { throw .entryTooLarge(name: entry.name, limit: limit) }
    let start = try dataStart(of: entry)
    var crc: UInt32 = 0
    var produced = 0
    let size = entry.uncompressedSize
    // Each piece is counted and checksummed before `body` sees it; past the header's size,
    // reading stops.
    func take(_ piece: UnsafeRawBufferPointer) -> Bool {
      produced += piece.count
      guard produced <= size else { return false }
      crc = Inflater.crc32(piece, continuing: crc)
      return body(piece)
    }
    switch entry.method {
    case 0:
      guard entry.compressedSize == size else {
        throw .badEntry(
          name: entry.name, problem: "stored, it holds \(entry.compressedSize) bytes, its header says \(size)"
        )
      }
      var offset = 0
      while offset < size {
        let piece = try source.read(at: start + offset, count: min(max(pieceSize, 1), size - offset))
        offset += piece.count
        guard piece.withUnsafeBytes({ take($0) }) else { return false }
      }
    case 8:
      let stream: InflateStream
      do {
        stream = try InflateStream(format: .raw, bufferSize: pieceSize)
      } catch {
        throw .badEntry(name: entry.name, problem: error.message)
      }
      var offset = 0
      while offset < entry.compressedSize && !stream.finished {
        let input = try source.read(
          at: start + offset, count: min(Self.streamedReadSize, entry.compressedSize - offset))
        offset += input.count
        let fed: Result<Bool, InflateError> = input.withUnsafeBytes { raw in
          Result { () throws(InflateError) -> Bool in try stream.feed(raw, output: take) }
        }
        let goOn: Bool
        switch fed {
        case .success(let value): goOn = value
        case .failure(let error): throw .badEntry(name: entry.name, problem: error.message)
        }
        guard goOn else {
          guard produced <= size else {
            throw .badEntry(name: entry.name, problem: "it inflates to more than its header's \(size) bytes")
          }
          return false
        }
      }
      guard stream.finished else {
        throw .badEntry(name: entry.name, problem: InflateError.truncated.message)
      }
      guard offset == entry.compressedSize else {
        throw .badEntry(
          name: entry.name, problem: InflateError.trailingBytes(count: entry.compressedSize - offset).message)
      }
    default:
      throw .unsupported(
        "\(entry.name) is compressed with method \(entry.method) (only 0, stored, and 8, deflated)")
    }
    guard produced == size else {
      throw .badEntry(name: entry.name, problem: "it holds \(produced) bytes, its header says \(size)")
    }
    guard crc == entry.crc32 else {
      throw .badEntry(name: entry.name, problem: "its CRC-32 does not match its header's")
    }
    return true
  }
}
