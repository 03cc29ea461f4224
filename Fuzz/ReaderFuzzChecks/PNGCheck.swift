import Pictures
import ZlibInflate

/// The PNG decoder's properties, for `fuzz-png` and its regression tests.
public enum PNGCheck {
  /// The most pixels decoded, small so that a run stays fast.
  static let maximumPixels = 1 << 16

  /// Reads `bytes` as a PNG twice, as they are and with every chunk's CRC made right (so that
  /// mutations reach past the CRC check): never a crash, a hang or a huge allocation; an
  /// error has a message; a picture read holds `width * height * 4` samples within the limit,
  /// and encoded again decodes to the same picture (rounded to 8 bits).
  ///
  /// - Returns: `nil`, or the property that failed.
  public static func check(_ bytes: [UInt8]) -> String? {
    for input in [bytes, withCorrectCRCs(bytes)] {
      let picture: Picture
      do {
        picture = try PNGDecoder.decode(input, maximumPixels: maximumPixels)
      } catch {
        if let problem = ReaderCheck.problem(ifEmpty: error.message, "the PNG decoder") { return problem }
        continue
      }
      guard picture.width * picture.height <= maximumPixels,
        picture.samples.count == picture.width * picture.height * 4
      else {
        return "a picture of \(picture.width) × \(picture.height) with \(picture.samples.count) samples"
      }
      do {
        let again = try PNGDecoder.decode(try PNGEncoder.encode(picture), maximumPixels: maximumPixels)
        guard PictureComparison(picture, again, tolerance: 1).matches else {
          return "the picture encoded again decodes to another picture"
        }
      } catch {
        return "the picture could not be encoded and read again: \(error.message)"
      }
    }
    return nil
  }

  /// `bytes` with the CRC of every whole chunk after the signature recomputed.
  static func withCorrectCRCs(_ bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    var offset = 8
    while bytes.count - offset >= 12 {
      let length =
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
      guard length <= bytes.count - offset - 12 else { break }
      let end = offset + 8 + length
      let crc = Inflater.crc32(bytes[(offset + 4)..<end])
      for index in 0..<4 { bytes[end + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index)) }
      offset = end + 4
    }
    return bytes
  }
}
