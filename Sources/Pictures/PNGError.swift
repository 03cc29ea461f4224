package import ZlibInflate

/// Why bytes are not a picture ``PNGDecoder`` reads, or why one could not be written.
///
/// ``message`` is a phrase that follows the file's name: `shot.png: ` + message.
package enum PNGError: Error, Equatable, Sendable {
  /// The first eight bytes are not PNG's signature.
  case notPNG
  /// The file ends inside a chunk, or before the `IEND` chunk; `after` names the last
  /// whole chunk read.
  case truncated(after: String)
  /// A chunk's type is not four ASCII letters (`offset`: where the chunk starts).
  case badChunkType(offset: Int)
  /// A chunk's length is above PNG's limit of 2^31 − 1 bytes.
  case chunkTooLong(chunk: String, length: UInt32)
  /// A chunk's stored CRC-32 is not the CRC-32 of its type and data.
  case badCRC(chunk: String, offset: Int)
  /// The first chunk is not `IHDR`.
  case headerNotFirst(found: String)
  /// The header is malformed or names a combination PNG does not define.
  case badHeader(String)
  /// The header claims more pixels than the reader accepts (a lying size, or an image far
  /// beyond any screen).
  case tooLarge(width: Int, height: Int, limit: Int)
  /// The picture is interlaced (Adam7), which this reader does not read.
  case interlaced
  /// A chunk that a reader must understand (its type starts with an upper-case letter) and
  /// this one does not.
  case unknownCriticalChunk(String)
  /// A chunk where PNG does not allow it (`why` says where it is and where it belongs).
  case misplaced(chunk: String, why: String)
  /// `PLTE` or `tRNS` is malformed (`why` says how).
  case badPalette(String)
  /// No `IDAT` chunk before `IEND`.
  case noImageData
  /// The image data does not inflate (corrupt, or more than the header's size needs).
  case imageData(InflateError)
  /// The image data inflates to fewer bytes than the header's size needs.
  case imageDataShort(got: Int, needed: Int)
  /// A row starts with a filter type other than 0 to 4.
  case badFilter(type: UInt8, row: Int)
  /// A pixel names a palette entry the palette does not have.
  case paletteIndex(index: Int, entries: Int)
  /// zlib could not compress (out of memory): writing only.
  case cannotCompress(String)

  package var message: String {
    switch self {
    case .notPNG:
      return "not a PNG (its first 8 bytes are not the PNG signature)"
    case .truncated(let after):
      return "the PNG is truncated: it ends after its \(after) chunk, before IEND"
    case .badChunkType(let offset):
      return "the PNG is corrupt: the chunk at byte \(offset) has a type that is not four ASCII letters"
    case .chunkTooLong(let chunk, let length):
      return "the PNG is corrupt: its \(chunk) chunk claims \(length) bytes, above PNG's limit of 2147483647"
    case .badCRC(let chunk, let offset):
      return
        "the PNG is corrupt: the CRC of its \(chunk) chunk (at byte \(offset)) does not match its contents"
    case .headerNotFirst(let found):
      return "the PNG is corrupt: its first chunk is \(found), not IHDR"
    case .badHeader(let why):
      return "the PNG's header (IHDR) is invalid: \(why)"
    case .tooLarge(let width, let height, let limit):
      return "the PNG's header claims \(width) × \(height) pixels, more than the \(limit) a picture may have"
    case .interlaced:
      return "the PNG is interlaced (Adam7), which deeplink does not read; save it without interlacing"
    case .unknownCriticalChunk(let chunk):
      return "the PNG has a critical chunk \(chunk) that deeplink does not know"
    case .misplaced(let chunk, let why):
      return "the PNG is corrupt: its \(chunk) chunk \(why)"
    case .badPalette(let why):
      return "the PNG's palette is invalid: \(why)"
    case .noImageData:
      return "the PNG has no image data (no IDAT chunk)"
    case .imageData(.tooLarge):
      return "the PNG's image data inflates to more than its header's size needs"
    case .imageData(let error):
      return "the PNG's image data cannot be read: \(error.message)"
    case .imageDataShort(let got, let needed):
      return "the PNG's image data holds \(got) bytes where its header's size needs \(needed) "
        + "(a lying header, or truncated data)"
    case .badFilter(let type, let row):
      return "the PNG is corrupt: row \(row + 1) has filter type \(type) (PNG has 0 to 4)"
    case .paletteIndex(let index, let entries):
      return "the PNG is corrupt: a pixel uses palette entry \(index) of a palette of \(entries)"
    case .cannotCompress(let why):
      return "the PNG cannot be written: \(why)"
    }
  }
}
