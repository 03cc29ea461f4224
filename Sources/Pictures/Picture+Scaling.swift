extension Picture {
  /// The picture made smaller so that its longer side is at most `longestSide` pixels,
  /// keeping its proportions (each side at least 1 pixel); the picture itself when it already
  /// fits. Each new pixel is the average of the pixels it covers (a box filter), weighted by
  /// their alpha so that transparent pixels lend no colour.
  package func scaled(toFit longestSide: Int) -> Picture {
    let longest = max(width, height)
    guard longestSide > 0, longest > longestSide else { return self }
    let newWidth = max(1, width * longestSide / longest)
    let newHeight = max(1, height * longestSide / longest)
    var result = [UInt16](repeating: 0, count: newWidth * newHeight * 4)
    for y in 0..<newHeight {
      let top = y * height / newHeight
      let bottom = max(top + 1, (y + 1) * height / newHeight)
      for x in 0..<newWidth {
        let left = x * width / newWidth
        let right = max(left + 1, (x + 1) * width / newWidth)
        var sums = (0, 0, 0, 0)
        for row in top..<bottom {
          var i = (row * width + left) * 4
          for _ in left..<right {
            let alpha = Int(samples[i + 3])
            sums.0 += Int(samples[i]) * alpha
            sums.1 += Int(samples[i + 1]) * alpha
            sums.2 += Int(samples[i + 2]) * alpha
            sums.3 += alpha
            i += 4
          }
        }
        let count = (bottom - top) * (right - left)
        let o = (y * newWidth + x) * 4
        if sums.3 > 0 {
          result[o] = UInt16(sums.0 / sums.3)
          result[o + 1] = UInt16(sums.1 / sums.3)
          result[o + 2] = UInt16(sums.2 / sums.3)
        }
        result[o + 3] = UInt16(sums.3 / count)
      }
    }
    return Picture(width: newWidth, height: newHeight, samples: result, sourceDepth: sourceDepth)
  }
}

extension PNGEncoder {
  /// A PNG of `picture` for a reader with limits (a model's image input): scaled to at most
  /// `longestSide` pixels on its longer side, then smaller by a quarter at a time until the
  /// file is under `maximumBytes`.
  ///
  /// - Throws: ``PNGError/cannotCompress(_:)``.
  package static func encode(_ picture: Picture, longestSide: Int, maximumBytes: Int) throws(PNGError)
    -> [UInt8]
  {
    var side = min(longestSide, max(picture.width, picture.height))
    while true {
      let bytes = try encode(picture.scaled(toFit: side))
      if bytes.count < maximumBytes || side <= 16 { return bytes }
      side = side * 3 / 4
    }
  }
}
