/// A PNG's `IHDR` chunk: size, colour type, sample depth, interlacing.
package struct PNGHeader: Equatable, Sendable {
  /// PNG's colour types, with the sample depths each allows.
  package enum ColorType: UInt8, Sendable {
    case gray = 0
    case rgb = 2
    case palette = 3
    case grayAlpha = 4
    case rgba = 6

    /// Samples a pixel of the file holds (a palette index is one).
    var channels: Int {
      switch self {
      case .gray, .palette: 1
      case .grayAlpha: 2
      case .rgb: 3
      case .rgba: 4
      }
    }

    var allowedDepths: [Int] {
      switch self {
      case .gray: [1, 2, 4, 8, 16]
      case .palette: [1, 2, 4, 8]
      case .rgb, .grayAlpha, .rgba: [8, 16]
      }
    }

    var name: String {
      switch self {
      case .gray: "gray"
      case .rgb: "RGB"
      case .palette: "palette"
      case .grayAlpha: "gray with alpha"
      case .rgba: "RGBA"
      }
    }
  }

  package let width: Int
  package let height: Int
  package let depth: Int
  package let colorType: ColorType
  package let interlaced: Bool

  /// Bytes of one row's samples, without its filter byte.
  var rowBytes: Int { (width * colorType.channels * depth + 7) / 8 }
  /// The distance, in bytes, between a byte and the one its filter looks back at: a whole
  /// pixel, at least one byte.
  var filterStep: Int { max(1, colorType.channels * depth / 8) }
  /// Bytes the image data inflates to: each row, and its filter byte.
  var imageDataBytes: Int { height * (rowBytes + 1) }

  /// The header in the 13 bytes of an `IHDR` chunk.
  ///
  /// - Throws: ``PNGError/badHeader(_:)`` for a header PNG does not define,
  ///   ``PNGError/tooLarge(width:height:limit:)`` beyond `maximumPixels`, before anything of
  ///   that size is allocated.
  init(_ data: ArraySlice<UInt8>, maximumPixels: Int) throws(PNGError) {
    guard data.count == 13 else {
      throw .badHeader("it holds \(data.count) bytes, not 13")
    }
    let bytes = Array(data)
    let width = Int(PNGDecoder.uint32(bytes, 0))
    let height = Int(PNGDecoder.uint32(bytes, 4))
    guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
      throw .badHeader("its size is \(width) × \(height); each side must be 1 to 2147483647")
    }
    // Both sides are below 2^31, so the product cannot overflow.
    guard width * height <= maximumPixels else {
      throw .tooLarge(width: width, height: height, limit: maximumPixels)
    }
    guard let colorType = ColorType(rawValue: bytes[9]) else {
      throw .badHeader("its colour type is \(bytes[9]); PNG has 0, 2, 3, 4 and 6")
    }
    let depth = Int(bytes[8])
    guard colorType.allowedDepths.contains(depth) else {
      throw .badHeader(
        "colour type \(colorType.name) cannot have \(depth)-bit samples (PNG allows "
          + colorType.allowedDepths.map(String.init).joined(separator: ", ") + ")")
    }
    guard bytes[10] == 0 else { throw .badHeader("its compression method is \(bytes[10]), not 0") }
    guard bytes[11] == 0 else { throw .badHeader("its filter method is \(bytes[11]), not 0") }
    guard bytes[12] <= 1 else { throw .badHeader("its interlace method is \(bytes[12]), not 0 or 1") }
    self.width = width
    self.height = height
    self.depth = depth
    self.colorType = colorType
    self.interlaced = bytes[12] == 1
  }
}
