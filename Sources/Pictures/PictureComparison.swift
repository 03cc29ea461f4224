/// Two pictures compared pixel by pixel, with a tolerance.
///
/// Two pixels match when each of their four channels (red, green, blue, alpha, after gray and
/// palette pictures are expanded to RGBA) differs by at most `tolerance` on the 0–255 scale, a
/// 16-bit sample counting as its value / 257 (so `tolerance` 0 asks for equal samples at the
/// files' full precision); two fully transparent pixels (alpha 0 in both) match whatever
/// their colours. Two pictures match when they have the same width and height and every
/// pixel matches. How they were encoded (colour type, depth, filters, compression, chunks)
/// does not count.
///
///     let comparison = PictureComparison(recorded, current, tolerance: 0)
///     comparison.matches           // false
///     comparison.summary           // "3 of 20000 pixels differ (largest channel difference 255)"
package struct PictureComparison: Equatable, Sendable {
  /// The largest tolerance: any two pixels of the same size match.
  package static let maximumTolerance = 255

  package let recordedSize: (width: Int, height: Int)
  package let currentSize: (width: Int, height: Int)
  /// Pixels (of the area both cover) that do not match.
  package let differingPixels: Int
  /// Pixels of the area both cover.
  package let comparedPixels: Int
  /// The largest difference of one channel between pixels of the area both cover, on the
  /// 0–255 scale, rounded up (0 when equal; 1 for the smallest 16-bit difference).
  package let largestDifference: Int
  package let tolerance: Int

  /// Compares `recorded` with `current`; `tolerance` is clamped to 0...255.
  package init(_ recorded: Picture, _ current: Picture, tolerance: Int) {
    let tolerance = min(max(tolerance, 0), Self.maximumTolerance)
    self.tolerance = tolerance
    recordedSize = (recorded.width, recorded.height)
    currentSize = (current.width, current.height)
    let width = min(recorded.width, current.width)
    let height = min(recorded.height, current.height)
    comparedPixels = width * height
    var differing = 0
    var largest = 0
    Self.forEachPixel(recorded, current, width: width, height: height, tolerance: tolerance) {
      _, _, difference in
      largest = max(largest, difference.largest)
      if !difference.matches { differing += 1 }
    }
    differingPixels = differing
    largestDifference = (largest + 256) / 257
  }

  package static func == (a: Self, b: Self) -> Bool {
    a.recordedSize == b.recordedSize && a.currentSize == b.currentSize
      && a.differingPixels == b.differingPixels
      && a.comparedPixels == b.comparedPixels && a.largestDifference == b.largestDifference
      && a.tolerance == b.tolerance
  }

  /// Whether the sizes are equal.
  package var sameSize: Bool { recordedSize == currentSize }

  /// Whether the pictures match (same size, every pixel within the tolerance).
  package var matches: Bool { sameSize && differingPixels == 0 }

  /// One phrase for a report: `the size changed from 60 × 120 to 60 × 100` or
  /// `3 of 7200 pixels differ (largest channel difference 255, tolerance 0)`.
  package var summary: String {
    guard sameSize else {
      return "the size changed from \(recordedSize.width) × \(recordedSize.height) to "
        + "\(currentSize.width) × \(currentSize.height)"
    }
    guard differingPixels > 0 else {
      return "every pixel matches (largest channel difference \(largestDifference), tolerance \(tolerance))"
    }
    return "\(differingPixels) of \(comparedPixels) pixels differ (largest channel difference "
      + "\(largestDifference), tolerance \(tolerance))"
  }

  /// How one pixel of `a` and `b` compare: the largest channel difference (16-bit scale), and
  /// whether it is within `tolerance` (0–255 scale).
  struct PixelDifference {
    let largest: Int
    let matches: Bool
  }

  /// Calls `body` with each pixel of the `width` × `height` area both pictures cover.
  static func forEachPixel(
    _ a: Picture, _ b: Picture, width: Int, height: Int, tolerance: Int,
    _ body: (Int, Int, PixelDifference) -> Void
  ) {
    let limit = tolerance * 257
    a.samples.withUnsafeBufferPointer { p in
      b.samples.withUnsafeBufferPointer { q in
        for y in 0..<height {
          var i = y * a.width * 4
          var j = y * b.width * 4
          for x in 0..<width {
            var largest = 0
            if !(p[i + 3] == 0 && q[j + 3] == 0) {
              for channel in 0..<4 {
                largest = max(largest, abs(Int(p[i + channel]) - Int(q[j + channel])))
              }
            }
            body(x, y, PixelDifference(largest: largest, matches: largest <= limit))
            i += 4
            j += 4
          }
        }
      }
    }
  }
}

extension PictureComparison {
  /// The colour that marks a differing pixel in ``differenceImage(_:_:tolerance:)``: opaque red.
  package static let mark: [UInt8] = [255, 0, 0, 255]

  /// A picture that marks where `recorded` and `current` differ: as large as the larger of
  /// the two in each direction; a pixel that does not match (or that only one of them has) in
  /// ``mark``'s red, a matching one as `current`'s pixel in gray, faded three quarters of the
  /// way to white, so the marks stand out and the screen stays recognisable.
  package static func differenceImage(_ recorded: Picture, _ current: Picture, tolerance: Int) -> Picture {
    let width = max(recorded.width, current.width)
    let height = max(recorded.height, current.height)
    let red = mark.map { UInt16($0) * 257 }
    var samples = [UInt16](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let o = (y * width + x) * 4
        for channel in 0..<4 { samples[o + channel] = red[channel] }
      }
    }
    let tolerance = min(max(tolerance, 0), maximumTolerance)
    let common = (min(recorded.width, current.width), min(recorded.height, current.height))
    forEachPixel(recorded, current, width: common.0, height: common.1, tolerance: tolerance) {
      x, y, difference in
      guard difference.matches else { return }
      let i = (y * current.width + x) * 4
      let s = current.samples
      // Rec. 601 luma, then three quarters of the way to white.
      let luma = (299 * Int(s[i]) + 587 * Int(s[i + 1]) + 114 * Int(s[i + 2])) / 1000
      let faded = UInt16((luma + 3 * 65535) / 4)
      let o = (y * width + x) * 4
      samples[o] = faded
      samples[o + 1] = faded
      samples[o + 2] = faded
      samples[o + 3] = 0xFFFF
    }
    return Picture(width: width, height: height, samples: samples, sourceDepth: 8)
  }
}
