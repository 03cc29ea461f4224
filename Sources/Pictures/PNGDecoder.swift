internal import ZlibInflate

/// Reads PNG files (ISO/IEC 15948, the W3C PNG specification) into a ``Picture``: every colour
/// type (gray, gray with alpha, RGB, RGBA, palette) at every depth PNG allows (1 to 16 bits),
/// the five row filters, `tRNS` transparency. Interlaced (Adam7) files are refused.
///
/// Written for files nobody vouches for (a recording in a pull request): every chunk's CRC is
/// checked, the header's size is checked against `maximumPixels` before anything of that size
/// is allocated, and the image data is inflated to at most the size the header needs, so a
/// lying header costs no more memory than the file's own data inflates to.
///
///     let picture = try PNGDecoder.decode(bytes)
///     (picture.width, picture.height)   // (1179, 2556)
package enum PNGDecoder {
  /// PNG's signature, the first eight bytes of every file.
  package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The most pixels a picture may have by default: 16,777,216 (4096 × 4096), above every
  /// phone and tablet screen (an iPad Pro 13" is 2064 × 2752). At RGBA 16-bit that is 128 MiB
  /// of image data.
  package static let maximumPixels = 1 << 24

  /// The picture in `bytes`, a whole PNG file.
  ///
  /// - Parameters:
  ///   - bytes: the file.
  ///   - maximumPixels: the most pixels accepted (width × height).
  /// - Throws: ``PNGError``, whose message names what is wrong.
  package static func decode(_ bytes: [UInt8], maximumPixels: Int = maximumPixels) throws(PNGError)
    -> Picture
  {
    guard bytes.count >= 8, bytes[0..<8].elementsEqual(signature) else { throw .notPNG }
    var offset = 8
    var header: PNGHeader?
    var palette: [UInt8] = []
    var transparency: [UInt8]?
    var data: [UInt8] = []
    var dataState = 0  // 0: no IDAT yet, 1: in the IDAT run, 2: after it
    var last = "signature"
    while true {
      guard bytes.count - offset >= 12 else { throw .truncated(after: last) }
      let length = uint32(bytes, offset)
      let typeBytes = bytes[(offset + 4)..<(offset + 8)]
      guard typeBytes.allSatisfy(isLetter) else { throw .badChunkType(offset: offset) }
      let type = String(decoding: typeBytes, as: UTF8.self)
      guard length <= 0x7FFF_FFFF else { throw .chunkTooLong(chunk: type, length: length) }
      let start = offset + 8
      guard Int(length) <= bytes.count - start - 4 else { throw .truncated(after: last) }
      let end = start + Int(length)
      guard Inflater.crc32(bytes[(offset + 4)..<end]) == uint32(bytes, end) else {
        throw .badCRC(chunk: type, offset: offset)
      }
      let body = bytes[start..<end]
      if header == nil, type != "IHDR" { throw .headerNotFirst(found: type) }
      if dataState == 1, type != "IDAT" { dataState = 2 }
      switch type {
      case "IHDR":
        guard header == nil else { throw .misplaced(chunk: type, why: "appears twice") }
        let read = try PNGHeader(body, maximumPixels: maximumPixels)
        guard !read.interlaced else { throw .interlaced }
        header = read
      case "PLTE":
        guard dataState == 0 else { throw .misplaced(chunk: type, why: "comes after the image data") }
        guard palette.isEmpty else { throw .misplaced(chunk: type, why: "appears twice") }
        guard let header, header.colorType != .gray, header.colorType != .grayAlpha else {
          throw .misplaced(chunk: type, why: "is in a gray image, which has no palette")
        }
        guard !body.isEmpty, body.count % 3 == 0, body.count <= 256 * 3 else {
          throw .badPalette("PLTE holds \(body.count) bytes, not 3 for each of 1 to 256 colours")
        }
        if header.colorType == .palette, body.count / 3 > 1 << header.depth {
          throw .badPalette("it has \(body.count / 3) colours, more than \(header.depth)-bit indexes reach")
        }
        palette = Array(body)
      case "tRNS":
        guard dataState == 0 else { throw .misplaced(chunk: type, why: "comes after the image data") }
        guard transparency == nil else { throw .misplaced(chunk: type, why: "appears twice") }
        transparency = Array(body)
      case "IDAT":
        guard dataState != 2 else {
          throw .misplaced(chunk: type, why: "is separated from the other IDAT chunks")
        }
        dataState = 1
        data += body
      case "IEND":
        guard let header else { throw .headerNotFirst(found: type) }
        guard dataState != 0 else { throw .noImageData }
        return try picture(
          header: header, data: data, palette: palette, transparency: transparency)
      default:
        // An upper-case first letter (bit 5 clear) marks a chunk a reader must understand.
        if typeBytes.first! & 0x20 == 0 { throw .unknownCriticalChunk(type) }
      }
      last = type
      offset = end + 4
    }
  }

  /// The big-endian 32-bit number at `offset`.
  static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
      | UInt32(bytes[offset + 3])
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// Inflates, unfilters and expands the image data.
  private static func picture(
    header: PNGHeader, data: [UInt8], palette: [UInt8], transparency: [UInt8]?
  ) throws(PNGError) -> Picture {
    if header.colorType == .palette, palette.isEmpty {
      throw .misplaced(chunk: "IDAT", why: "of a palette image comes without a PLTE chunk")
    }
    let needed = header.imageDataBytes
    var raw: [UInt8]
    do {
      raw = try Inflater.inflate(data, format: .zlib, limit: needed)
    } catch {
      throw .imageData(error)
    }
    guard raw.count == needed else { throw .imageDataShort(got: raw.count, needed: needed) }
    try unfilter(&raw, header)
    return try PNGExpansion(header: header, palette: palette, transparency: transparency).picture(raw)
  }

  /// Undoes each row's filter in place (PNG specification, section 9: None, Sub, Up, Average,
  /// Paeth), leaving each row's filter byte where it was.
  static func unfilter(_ raw: inout [UInt8], _ header: PNGHeader) throws(PNGError) {
    let stride = header.rowBytes
    let step = header.filterStep
    let height = header.height
    let bad: (type: UInt8, row: Int)? = raw.withUnsafeMutableBufferPointer { p in
      for row in 0..<height {
        let line = row * (stride + 1) + 1
        let above = line - (stride + 1)
        let type = p[line - 1]
        switch type {
        case 0:
          break
        case 1:
          var i = step
          while i < stride {
            p[line + i] &+= p[line + i - step]
            i += 1
          }
        case 2:
          guard row > 0 else { break }
          for i in 0..<stride { p[line + i] &+= p[above + i] }
        case 3:
          for i in 0..<stride {
            let left = i >= step ? Int(p[line + i - step]) : 0
            let up = row > 0 ? Int(p[above + i]) : 0
            p[line + i] &+= UInt8((left + up) >> 1)
          }
        case 4:
          for i in 0..<stride {
            let left = i >= step ? Int(p[line + i - step]) : 0
            let up = row > 0 ? Int(p[above + i]) : 0
            let upLeft = i >= step && row > 0 ? Int(p[above + i - step]) : 0
            p[line + i] &+= UInt8(paeth(left, up, upLeft))
          }
        default:
          return (type, row)
        }
      }
      return nil
    }
    if let bad { throw .badFilter(type: bad.type, row: bad.row) }
  }

  /// The Paeth predictor: of left, up and upper left, the one nearest `left + up - upLeft`.
  static func paeth(_ left: Int, _ up: Int, _ upLeft: Int) -> Int {
    let estimate = left + up - upLeft
    let toLeft = abs(estimate - left)
    let toUp = abs(estimate - up)
    let toUpLeft = abs(estimate - upLeft)
    if toLeft <= toUp && toLeft <= toUpLeft { return left }
    return toUp <= toUpLeft ? up : upLeft
  }
}
