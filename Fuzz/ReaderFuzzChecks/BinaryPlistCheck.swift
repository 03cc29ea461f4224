import ReleaseInspection

/// The binary property list reader's properties, for `fuzz-binary-plist` and its regression
/// tests.
public enum BinaryPlistCheck {
  /// Reads `bytes`, after `bplist00` is put in front of them, as a binary property list: never
  /// a crash, a hang or a huge allocation (the sanitizer's limits), and an error names a byte
  /// inside the file.
  ///
  /// - Returns: `nil`, or the property that failed.
  public static func check(_ bytes: [UInt8]) -> String? {
    let file = Array("bplist00".utf8) + bytes
    do {
      _ = try BinaryPropertyListReader.read(file)
      return nil
    } catch {
      guard case .binary(let offset, _) = error, offset >= 0, offset <= file.count else {
        return "an error outside the file: \(error)"
      }
      return ReaderCheck.problem(ifEmpty: error.message, "the binary plist reader")
    }
  }
}
