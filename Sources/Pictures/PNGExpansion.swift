/// Unfiltered PNG rows to a ``Picture``'s RGBA samples on the 16-bit scale: gray to three equal
/// channels, a palette index to its colour, `tRNS` to alpha, each depth scaled to 16 bits
/// exactly (a `d`-bit sample `v` becomes `v * 65535 / (2^d − 1)`).
struct PNGExpansion {
  let header: PNGHeader
  /// `PLTE`'s colours, three bytes each.
  let palette: [UInt8]
  /// `tRNS`: a palette's alphas, or the one gray or RGB colour that is transparent.
  let transparency: [UInt8]?

  init(header: PNGHeader, palette: [UInt8], transparency: [UInt8]?) {
    self.header = header
    self.palette = palette
    self.transparency = transparency
  }

  /// The picture of `raw`, the inflated image data with its filters undone.
  ///
  /// - Throws: ``PNGError/badPalette(_:)`` for a `tRNS` that does not fit the image,
  ///   ``PNGError/paletteIndex(index:entries:)`` for an index past the palette.
  func picture(_ raw: [UInt8]) throws(PNGError) -> Picture {
    let width = header.width
    let height = header.height
    let depth = header.depth
    let stride = header.rowBytes
    let scale = depth == 16 ? 1 : 65535 / ((1 << depth) - 1)
    let mask = depth == 16 ? 0xFFFF : (1 << depth) - 1
    // The transparent colour of a gray or RGB image, in the file's depth.
    var key: [Int]?
    let colours = palette.count / 3
    var alphas = [UInt16](repeating: 0xFFFF, count: 256)
    if let transparency {
      switch header.colorType {
      case .gray, .rgb:
        let channels = header.colorType.channels
        guard transparency.count == channels * 2 else {
          throw .badPalette(
            "tRNS holds \(transparency.count) bytes; colour type \(header.colorType.name) needs \(channels * 2)"
          )
        }
        key = (0..<channels).map { (Int(transparency[$0 * 2]) << 8 | Int(transparency[$0 * 2 + 1])) & mask }
      case .palette:
        guard transparency.count <= colours else {
          throw .badPalette("tRNS has \(transparency.count) alphas for a palette of \(colours) colours")
        }
        for (index, alpha) in transparency.enumerated() { alphas[index] = UInt16(alpha) * 257 }
      case .grayAlpha, .rgba:
        // PNG forbids tRNS beside an alpha channel; the alpha channel is what counts.
        break
      }
    }
    var samples = [UInt16](repeating: 0, count: width * height * 4)
    var badIndex: Int?
    raw.withUnsafeBufferPointer { p in
      samples.withUnsafeMutableBufferPointer { out in
        /// The `index`th sample of the row starting at `line`, in the file's depth.
        func sample(_ line: Int, _ index: Int) -> Int {
          switch depth {
          case 8: return Int(p[line + index])
          case 16: return Int(p[line + index * 2]) << 8 | Int(p[line + index * 2 + 1])
          default:
            let bit = index * depth
            return (Int(p[line + (bit >> 3)]) >> (8 - depth - (bit & 7))) & mask
          }
        }
        var o = 0
        for row in 0..<height {
          let line = row * (stride + 1) + 1
          for x in 0..<width {
            switch header.colorType {
            case .gray:
              let v = sample(line, x)
              let g = UInt16(v * scale)
              out[o] = g
              out[o + 1] = g
              out[o + 2] = g
              out[o + 3] = key?[0] == v ? 0 : 0xFFFF
            case .grayAlpha:
              let g = UInt16(sample(line, x * 2) * scale)
              out[o] = g
              out[o + 1] = g
              out[o + 2] = g
              out[o + 3] = UInt16(sample(line, x * 2 + 1) * scale)
            case .rgb:
              let r = sample(line, x * 3)
              let g = sample(line, x * 3 + 1)
              let b = sample(line, x * 3 + 2)
              out[o] = UInt16(r * scale)
              out[o + 1] = UInt16(g * scale)
              out[o + 2] = UInt16(b * scale)
              out[o + 3] = key.map { $0[0] == r && $0[1] == g && $0[2] == b } == true ? 0 : 0xFFFF
            case .rgba:
              for channel in 0..<4 { out[o + channel] = UInt16(sample(line, x * 4 + channel) * scale) }
            case .palette:
              let index = sample(line, x)
              guard index < colours else {
                badIndex = index
                return
              }
              out[o] = UInt16(palette[index * 3]) * 257
              out[o + 1] = UInt16(palette[index * 3 + 1]) * 257
              out[o + 2] = UInt16(palette[index * 3 + 2]) * 257
              out[o + 3] = alphas[index]
            }
            o += 4
          }
        }
      }
    }
    if let badIndex { throw .paletteIndex(index: badIndex, entries: colours) }
    return Picture(width: width, height: height, samples: samples, sourceDepth: depth)
  }
}
