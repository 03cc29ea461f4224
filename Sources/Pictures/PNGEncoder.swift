internal import ZlibInflate

/// Writes a ``Picture`` as an 8-bit PNG: RGB when every pixel is opaque, RGBA otherwise, one
/// `IDAT` chunk, each row's filter chosen by the specification's heuristic (the filter whose
/// output has the smallest sum of absolute values, section 12.8), deflated by zlib.
///
/// For the pictures deeplink makes itself: diff images, and pictures scaled for a model.
/// 16-bit samples are rounded to 8 bits.
///
///     let bytes = try PNGEncoder.encode(picture)
///     try PNGDecoder.decode(bytes) == picture   // true for a picture of 8-bit samples
package enum PNGEncoder {
  /// The PNG file of `picture`.
  ///
  /// - Throws: ``PNGError/cannotCompress(_:)`` when zlib cannot (out of memory).
  package static func encode(_ picture: Picture) throws(PNGError) -> [UInt8] {
    let opaque = picture.isOpaque
    let channels = opaque ? 3 : 4
    let stride = picture.width * channels
    var raw = [UInt8](repeating: 0, count: picture.height * (stride + 1))
    var previous = [UInt8](repeating: 0, count: stride)
    var row = [UInt8](repeating: 0, count: stride)
    var candidate = [UInt8](repeating: 0, count: stride)
    var best = [UInt8](repeating: 0, count: stride)
    for y in 0..<picture.height {
      var index = y * picture.width * 4
      for x in 0..<picture.width {
        for channel in 0..<channels {
          row[x * channels + channel] = Picture.eightBit(picture.samples[index + channel])
        }
        index += 4
      }
      var bestType: UInt8 = 0
      var bestCost = Int.max
      for type in UInt8(0)...4 {
        let cost = filter(row, previous: previous, type: type, step: channels, into: &candidate)
        if cost < bestCost {
          bestCost = cost
          bestType = type
          swap(&best, &candidate)
        }
      }
      let line = y * (stride + 1)
      raw[line] = bestType
      raw.replaceSubrange((line + 1)..<(line + 1 + stride), with: best)
      swap(&previous, &row)
    }
    let compressed: [UInt8]
    do {
      compressed = try Deflater.deflate(raw)
    } catch {
      throw .cannotCompress(error.message)
    }
    var header: [UInt8] = []
    header += bigEndian(UInt32(picture.width))
    header += bigEndian(UInt32(picture.height))
    header += [8, opaque ? 2 : 6, 0, 0, 0]
    return PNGDecoder.signature + chunk("IHDR", header) + chunk("IDAT", compressed) + chunk("IEND", [])
  }

  /// `row` filtered with `type` against `previous` into `output`; returns the heuristic's
  /// cost (the sum of the filtered bytes as signed values, absolute).
  static func filter(
    _ row: [UInt8], previous: [UInt8], type: UInt8, step: Int, into output: inout [UInt8]
  ) -> Int {
    var cost = 0
    for i in 0..<row.count {
      let left = i >= step ? Int(row[i - step]) : 0
      let up = Int(previous[i])
      let upLeft = i >= step ? Int(previous[i - step]) : 0
      let predicted: Int =
        switch type {
        case 0: 0
        case 1: left
        case 2: up
        case 3: (left + up) >> 1
        default: PNGDecoder.paeth(left, up, upLeft)
        }
      let value = UInt8(truncatingIfNeeded: Int(row[i]) - predicted)
      output[i] = value
      cost += value < 128 ? Int(value) : 256 - Int(value)
    }
    return cost
  }

  /// One chunk: length, type, data, CRC-32 of type and data.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(Inflater.crc32(typed))
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
      UInt8(truncatingIfNeeded: value),
    ]
  }
}
