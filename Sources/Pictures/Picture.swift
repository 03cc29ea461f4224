/// An image as plain samples: what a PNG of any colour type and depth decodes to, what is
/// compared, scaled and encoded.
///
/// Every pixel is four samples, red, green, blue and alpha (not premultiplied), on a 16-bit
/// scale: an 8-bit sample `v` is stored as `v * 257`, so a picture read from an 8-bit PNG and
/// the same picture from a 16-bit one hold equal samples. Gray becomes equal red, green and
/// blue; a palette index becomes its colour.
///
///     let picture = Picture(width: 2, height: 1, rgba8: [255, 0, 0, 255, 0, 0, 255, 255])
///     picture.pixel(x: 1, y: 0)   // [0, 0, 65535, 65535]: opaque blue
package struct Picture: Equatable, Sendable {
  package let width: Int
  package let height: Int
  /// The sample depth of the file it was read from, 1 to 16 (8 for a picture made here).
  package let sourceDepth: Int
  /// `width * height * 4` samples, row by row from the top, each row left to right.
  package var samples: [UInt16]

  /// A picture of `samples` (16-bit scale); `samples.count` must be `width * height * 4`.
  package init(width: Int, height: Int, samples: [UInt16], sourceDepth: Int = 16) {
    precondition(width >= 0 && height >= 0 && samples.count == width * height * 4)
    self.width = width
    self.height = height
    self.samples = samples
    self.sourceDepth = sourceDepth
  }

  /// A picture of 8-bit RGBA bytes, four a pixel.
  package init(width: Int, height: Int, rgba8: [UInt8]) {
    self.init(width: width, height: height, samples: rgba8.map { UInt16($0) * 257 }, sourceDepth: 8)
  }

  /// A picture of one colour, given as 8-bit RGBA.
  package init(width: Int, height: Int, filledWith rgba8: [UInt8]) {
    precondition(rgba8.count == 4)
    let pixel = rgba8.map { UInt16($0) * 257 }
    var samples: [UInt16] = []
    samples.reserveCapacity(width * height * 4)
    for _ in 0..<(width * height) { samples += pixel }
    self.init(width: width, height: height, samples: samples, sourceDepth: 8)
  }

  /// The four samples (16-bit scale) of the pixel at column `x`, row `y`.
  package func pixel(x: Int, y: Int) -> [UInt16] {
    let start = (y * width + x) * 4
    return Array(samples[start..<start + 4])
  }

  /// Sets the pixel at column `x`, row `y` to 8-bit RGBA.
  package mutating func setPixel(x: Int, y: Int, rgba8: [UInt8]) {
    let start = (y * width + x) * 4
    for channel in 0..<4 { samples[start + channel] = UInt16(rgba8[channel]) * 257 }
  }

  /// Whether every pixel is opaque (alpha at its maximum).
  package var isOpaque: Bool {
    var index = 3
    while index < samples.count {
      if samples[index] != 0xFFFF { return false }
      index += 4
    }
    return true
  }

  /// A 16-bit sample on the 8-bit scale, rounded to the nearest.
  static func eightBit(_ sample: UInt16) -> UInt8 {
    UInt8((UInt32(sample) * 255 + 32767) / 65535)
  }
}
