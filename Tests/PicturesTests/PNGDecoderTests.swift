import Pictures
import TestSupport
import Testing

/// The decoder against files Python wrote: every colour type and depth, every filter, and the
/// samples Python says they hold.
@Suite(.requires("python3"))
struct PNGDecoderTests {
  struct Encoding: CustomTestStringConvertible, Sendable {
    let name: String
    let spec: String
    var testDescription: String { name }
  }

  static let encodings: [Encoding] = [
    Encoding(name: "RGBA 8-bit, no filter", spec: #"{"ctype": 6, "depth": 8, "filter": 0}"#),
    Encoding(name: "RGBA 8-bit, Sub", spec: #"{"ctype": 6, "depth": 8, "filter": 1}"#),
    Encoding(name: "RGBA 8-bit, Up", spec: #"{"ctype": 6, "depth": 8, "filter": 2}"#),
    Encoding(name: "RGBA 8-bit, Average", spec: #"{"ctype": 6, "depth": 8, "filter": 3}"#),
    Encoding(name: "RGBA 8-bit, Paeth", spec: #"{"ctype": 6, "depth": 8, "filter": 4}"#),
    Encoding(
      name: "RGBA 16-bit, every filter",
      spec: #"{"pattern": "deep", "ctype": 6, "depth": 16, "filter": "mixed"}"#),
    Encoding(name: "RGB 8-bit, Paeth", spec: #"{"pattern": "opaque", "ctype": 2, "depth": 8, "filter": 4}"#),
    Encoding(
      name: "RGB 16-bit, every filter",
      spec: #"{"pattern": "opaque", "ctype": 2, "depth": 16, "filter": "mixed"}"#),
    Encoding(
      name: "RGB 8-bit, tRNS colour", spec: #"{"pattern": "opaque", "ctype": 2, "depth": 8, "key": true}"#),
    Encoding(
      name: "gray 8-bit, every filter",
      spec: #"{"pattern": "gray", "ctype": 0, "depth": 8, "filter": "mixed"}"#),
    Encoding(
      name: "gray 16-bit, Average", spec: #"{"pattern": "gray", "ctype": 0, "depth": 16, "filter": 3}"#),
    Encoding(
      name: "gray 8-bit, tRNS gray", spec: #"{"pattern": "gray", "ctype": 0, "depth": 8, "key": true}"#),
    Encoding(
      name: "gray 1-bit, every filter",
      spec: #"{"pattern": "gray1", "ctype": 0, "depth": 1, "filter": "mixed"}"#),
    Encoding(name: "gray 2-bit, Paeth", spec: #"{"pattern": "gray2", "ctype": 0, "depth": 2, "filter": 4}"#),
    Encoding(name: "gray 4-bit, Sub", spec: #"{"pattern": "gray4", "ctype": 0, "depth": 4, "filter": 1}"#),
    Encoding(
      name: "gray with alpha 8-bit, every filter",
      spec: #"{"pattern": "grayalpha", "ctype": 4, "depth": 8, "filter": "mixed"}"#),
    Encoding(
      name: "gray with alpha 16-bit, Up",
      spec: #"{"pattern": "grayalpha", "ctype": 4, "depth": 16, "filter": 2}"#),
    Encoding(
      name: "palette 8-bit with tRNS, every filter", spec: #"{"ctype": 3, "depth": 8, "filter": "mixed"}"#),
    Encoding(
      name: "palette 4-bit with tRNS", spec: #"{"pattern": "few", "ctype": 3, "depth": 4, "filter": "mixed"}"#
    ),
    Encoding(name: "palette 8-bit, opaque", spec: #"{"pattern": "opaque", "ctype": 3, "depth": 8}"#),
    Encoding(
      name: "RGBA 8-bit, 5 IDAT chunks, level 9, ancillary chunks",
      spec:
        #"{"ctype": 6, "depth": 8, "filter": "mixed", "split": 5, "level": 9, "ancillary": ["gAMA", "tEXt", "zzZz"]}"#
    ),
    Encoding(name: "RGBA 8-bit, stored (level 0)", spec: #"{"ctype": 6, "depth": 8, "level": 0}"#),
    Encoding(name: "one pixel", spec: #"{"w": 1, "h": 1, "ctype": 6, "depth": 16}"#),
    Encoding(
      name: "one row of 1-bit gray", spec: #"{"w": 61, "h": 1, "pattern": "gray1", "ctype": 0, "depth": 1}"#),
  ]

  @Test(arguments: encodings)
  func decodesTheSamplesPythonWrote(_ encoding: Encoding) throws {
    let written = try PythonPNG.write(encoding.spec)
    let picture = try PNGDecoder.decode(written.png)
    #expect(picture.width == written.width && picture.height == written.height)
    #expect(picture.samples.count == written.samples.count)
    let wrong = zip(picture.samples, written.samples).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(
      wrong == nil,
      "sample \(wrong?.offset ?? 0): read \(wrong?.element.0 ?? 0), Python wrote \(wrong?.element.1 ?? 0)")
  }

  /// One image written six ways (filters, depths, palette, chunking) decodes to pictures that
  /// match, and match our own encoding of it; one changed pixel does not.
  @Test func reencodedIdenticalImagesMatchAndOneChangedPixelDoesNot() throws {
    let specs = [
      #"{"ctype": 6, "depth": 8, "filter": 0}"#, #"{"ctype": 6, "depth": 8, "filter": 4, "level": 9}"#,
      #"{"ctype": 6, "depth": 16, "filter": "mixed"}"#, #"{"ctype": 3, "depth": 8, "filter": 2}"#,
      #"{"ctype": 6, "depth": 8, "split": 7, "level": 1}"#,
    ]
    let pictures = try specs.map { try PNGDecoder.decode(try PythonPNG.write($0).png) }
    let ours = try PNGDecoder.decode(try PNGEncoder.encode(pictures[0]))
    for picture in pictures.dropFirst() + [ours] {
      let comparison = PictureComparison(pictures[0], picture, tolerance: 0)
      #expect(comparison.matches, "\(comparison.summary)")
      #expect(comparison.largestDifference == 0)
    }
    let changed = try PNGDecoder.decode(
      try PythonPNG.write(#"{"ctype": 6, "depth": 8, "filter": 4, "change": [5, 3]}"#).png)
    let comparison = PictureComparison(pictures[0], changed, tolerance: 0)
    #expect(!comparison.matches)
    #expect(comparison.differingPixels == 1 && comparison.comparedPixels == 13 * 7)
    #expect(comparison.largestDifference == 128)
    #expect(comparison.summary == "1 of 91 pixels differ (largest channel difference 128, tolerance 0)")
  }

  /// Gray at 1, 2, 4, 8 and 16 bits, as gray, gray with alpha, RGB and palette, is one picture.
  @Test func grayInEveryDepthIsOnePicture() throws {
    let specs = [
      #"{"pattern": "gray2", "ctype": 0, "depth": 2}"#, #"{"pattern": "gray2", "ctype": 0, "depth": 8}"#,
      #"{"pattern": "gray2", "ctype": 0, "depth": 16, "filter": 4}"#,
      #"{"pattern": "gray2", "ctype": 4, "depth": 8}"#, #"{"pattern": "gray2", "ctype": 2, "depth": 8}"#,
      #"{"pattern": "gray2", "ctype": 3, "depth": 2}"#, #"{"pattern": "gray2", "ctype": 6, "depth": 16}"#,
    ]
    let pictures = try specs.map { try PNGDecoder.decode(try PythonPNG.write($0).png) }
    for (spec, picture) in zip(specs, pictures).dropFirst() {
      #expect(PictureComparison(pictures[0], picture, tolerance: 0).matches, "\(spec)")
      #expect(picture.samples == pictures[0].samples, "\(spec)")
    }
  }

  struct Hostile: CustomTestStringConvertible, Sendable {
    let name: String
    let spec: String
    /// Applied to Python's file before it is read.
    let edit: @Sendable ([UInt8]) -> [UInt8]
    let message: String
    var testDescription: String { name }
  }

  static let hostile: [Hostile] = [
    Hostile(
      name: "a lying size beyond the limit", spec: #"{"header_size": [100000, 100000]}"#, edit: { $0 },
      message: "the PNG's header claims 100000 × 100000 pixels, more than the 16777216 a picture may have"),
    Hostile(
      name: "a lying size within the limit", spec: #"{"header_size": [4000, 4000]}"#, edit: { $0 },
      message: "the PNG's image data holds 371 bytes where its header's size needs 64004000 "
        + "(a lying header, or truncated data)"),
    Hostile(
      name: "more image data than the size needs", spec: #"{"extra_data": 100000}"#, edit: { $0 },
      message: "the PNG's image data inflates to more than its header's size needs"),
    Hostile(
      name: "a bad CRC", spec: #"{}"#,
      edit: { bytes in
        var bytes = bytes
        bytes[bytes.count - 20] ^= 0x01  // inside IDAT's data
        return bytes
      },
      message: "the PNG is corrupt: the CRC of its IDAT chunk (at byte 33) does not match its contents"),
    Hostile(
      name: "truncated", spec: #"{}"#, edit: { Array($0.prefix($0.count / 2)) },
      message: "the PNG is truncated: it ends after its IHDR chunk, before IEND"),
    Hostile(
      name: "no IEND", spec: #"{}"#, edit: { Array($0.dropLast(12)) },
      message: "the PNG is truncated: it ends after its IDAT chunk, before IEND"),
    Hostile(
      name: "not a PNG", spec: #"{}"#, edit: { _ in Array("GIF89a, not a PNG at all".utf8) },
      message: "not a PNG (its first 8 bytes are not the PNG signature)"),
    Hostile(
      name: "empty", spec: #"{}"#, edit: { _ in [] },
      message: "not a PNG (its first 8 bytes are not the PNG signature)"),
    Hostile(
      name: "interlaced", spec: #"{"interlace": 1}"#, edit: { $0 },
      message: "the PNG is interlaced (Adam7), which deeplink does not read; save it without interlacing"),
    Hostile(
      name: "a filter type PNG does not have", spec: #"{"bad_filter": 7}"#, edit: { $0 },
      message: "the PNG is corrupt: row 1 has filter type 7 (PNG has 0 to 4)"),
    Hostile(
      name: "a depth the colour type does not allow", spec: #"{"ctype": 2, "depth": 4, "pattern": "gray4"}"#,
      edit: { $0 },
      message:
        "the PNG's header (IHDR) is invalid: colour type RGB cannot have 4-bit samples (PNG allows 8, 16)"),
  ]

  @Test(arguments: hostile)
  func refusesHostileFilesWithAClearMessage(_ file: Hostile) throws {
    let bytes = file.edit(try PythonPNG.write(file.spec).png)
    #expect(throws: PNGError.self) { try PNGDecoder.decode(bytes) }
    do {
      _ = try PNGDecoder.decode(bytes)
    } catch {
      #expect(error.message == file.message)
    }
  }
}
