import Pictures
import Testing

/// The tolerance, the difference image, the encoder and scaling, on pictures made in code.
@Suite struct PictureComparisonTests {
  static let gray = Picture(width: 4, height: 3, filledWith: [100, 100, 100, 255])

  @Test func toleranceIsTheLargestChannelDifferenceAllowed() {
    var changed = Self.gray
    changed.setPixel(x: 1, y: 2, rgba8: [100, 103, 100, 255])
    #expect(!PictureComparison(Self.gray, changed, tolerance: 0).matches)
    #expect(!PictureComparison(Self.gray, changed, tolerance: 2).matches)
    #expect(PictureComparison(Self.gray, changed, tolerance: 3).matches)
    let comparison = PictureComparison(Self.gray, changed, tolerance: 2)
    #expect(comparison.differingPixels == 1 && comparison.largestDifference == 3)
  }

  @Test func alphaCountsAndFullyTransparentPixelsMatchWhateverTheirColour() {
    var a = Self.gray
    var b = Self.gray
    a.setPixel(x: 0, y: 0, rgba8: [255, 0, 0, 0])
    b.setPixel(x: 0, y: 0, rgba8: [0, 0, 255, 0])
    #expect(PictureComparison(a, b, tolerance: 0).matches)
    b.setPixel(x: 0, y: 0, rgba8: [255, 0, 0, 1])
    #expect(!PictureComparison(a, b, tolerance: 0).matches)
  }

  @Test func sixteenBitDifferencesCountAtFullPrecision() {
    var samples = Self.gray.samples
    samples[0] += 1
    let finer = Picture(width: 4, height: 3, samples: samples)
    let comparison = PictureComparison(Self.gray, finer, tolerance: 0)
    #expect(!comparison.matches && comparison.largestDifference == 1)
    #expect(PictureComparison(Self.gray, finer, tolerance: 1).matches)
  }

  @Test func aChangedSizeNeverMatches() {
    let taller = Picture(width: 4, height: 4, filledWith: [100, 100, 100, 255])
    let comparison = PictureComparison(Self.gray, taller, tolerance: 255)
    #expect(!comparison.matches)
    #expect(comparison.summary == "the size changed from 4 × 3 to 4 × 4")
  }

  @Test func theDifferenceImageMarksExactlyTheDifferingPixels() throws {
    var changed = Self.gray
    changed.setPixel(x: 2, y: 1, rgba8: [0, 0, 0, 255])
    let image = PictureComparison.differenceImage(Self.gray, changed, tolerance: 0)
    let red = PictureComparison.mark.map { UInt16($0) * 257 }
    var marked: [[Int]] = []
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixel(x: x, y: y) == red { marked.append([x, y]) }
    }
    #expect(marked == [[2, 1]])
    // A matching pixel is the current one in gray, faded toward white.
    let faded = image.pixel(x: 0, y: 0)
    #expect(faded[0] == faded[1] && faded[0] > 100 * 257 && faded[3] == 0xFFFF)
    // Where only one picture has pixels, they are marked.
    let wider = Picture(width: 5, height: 3, filledWith: [100, 100, 100, 255])
    let grown = PictureComparison.differenceImage(Self.gray, wider, tolerance: 0)
    #expect(grown.width == 5 && (0..<3).allSatisfy { grown.pixel(x: 4, y: $0) == red })
    #expect(grown.pixel(x: 3, y: 0) != red)
  }

  @Test func theEncoderRoundTripsEightBitPictures() throws {
    var picture = Picture(width: 17, height: 9, filledWith: [0, 0, 0, 255])
    for y in 0..<9 {
      for x in 0..<17 {
        picture.setPixel(x: x, y: y, rgba8: [UInt8(x * 15), UInt8(y * 28), UInt8((x * y) % 256), 255])
      }
    }
    #expect(try PNGDecoder.decode(try PNGEncoder.encode(picture)) == picture)
    picture.setPixel(x: 3, y: 3, rgba8: [1, 2, 3, 4])
    #expect(try PNGDecoder.decode(try PNGEncoder.encode(picture)) == picture)
  }

  @Test func scalingFitsTheLongestSideAndAverages() throws {
    var picture = Picture(width: 40, height: 20, filledWith: [0, 0, 0, 255])
    for y in 0..<20 {
      for x in stride(from: 0, to: 40, by: 2) { picture.setPixel(x: x, y: y, rgba8: [255, 255, 255, 255]) }
    }
    let small = picture.scaled(toFit: 10)
    #expect(small.width == 10 && small.height == 5)
    // Each new pixel averages two white and two black columns: mid gray.
    let pixel = small.pixel(x: 3, y: 2)
    #expect(abs(Int(pixel[0]) - 32767) <= 1 && pixel[3] == 0xFFFF)
    #expect(picture.scaled(toFit: 100) == picture)
  }

  @Test func aPictureForAModelFitsItsLimits() throws {
    // Noise compresses badly: 1500 × 1000 of it is about 4.5 MB as a PNG.
    var state: UInt32 = 1
    var bytes = [UInt8](repeating: 255, count: 1500 * 1000 * 4)
    for index in bytes.indices where index % 4 != 3 {
      state = state &* 1_664_525 &+ 1_013_904_223
      bytes[index] = UInt8(truncatingIfNeeded: state >> 24)
    }
    let picture = Picture(width: 1500, height: 1000, rgba8: bytes)
    let png = try PNGEncoder.encode(picture, longestSide: 1024, maximumBytes: 1_000_000)
    let read = try PNGDecoder.decode(png)
    #expect(png.count < 1_000_000)
    #expect(max(read.width, read.height) <= 1024 && read.width > read.height)
  }
}
