import Pictures

/// A picture of the screen sized for a model, for `deeplink mcp --pictures`: at most
/// ``longestSide`` pixels on its longer side and at most ``maximumBytes`` bytes, scaled down
/// and written again by deeplink's own PNG decoder and encoder.
///
/// MCP clients refuse large results: mobile-mcp found results over 1,048,576 bytes refused
/// (mobile-next/mobile-mcp#87) and scales its screenshots; the PNG travels in base64, 4/3 of
/// its size, beside the screen's text and the state.
enum McpPicture {
  /// The longest side of a picture for a model, in pixels.
  static let longestSide = 1024
  /// The most bytes of a picture's PNG: 700,000, so 933,336 characters of base64, leaving the
  /// rest of a 1,048,576-byte result to the text and the state.
  static let maximumBytes = 700_000

  /// A screenshot's PNG as it goes to a model: itself when it fits already, else scaled and
  /// encoded again.
  ///
  /// - Throws: 70 when the picture cannot be written within the limits.
  static func forModel(_ screenshot: Screenshot) throws(DeviceFailure) -> [UInt8] {
    let picture = screenshot.picture
    if max(picture.width, picture.height) <= longestSide, screenshot.png.count <= maximumBytes {
      return screenshot.png
    }
    do {
      return try PNGEncoder.encode(picture, longestSide: longestSide, maximumBytes: maximumBytes)
    } catch {
      throw .notAScreenshot(["screenshot"], toolMessage: error.message)
    }
  }
}
