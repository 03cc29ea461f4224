import ReleaseInspection

/// The Android manifest reader's properties, for `fuzz-android-manifest` and its regression
/// tests.
public enum AndroidManifestCheck {
  /// Reads `bytes` as a manifest: never a crash; every scheme found is on a line of the file;
  /// every error has a message.
  ///
  /// - Returns: `nil`, or the property that failed.
  public static func check(_ bytes: [UInt8]) -> String? {
    do {
      let manifest = try AndroidManifest(bytes)
      let lines = bytes.count(where: { $0 == 0x0A }) + 1
      for data in manifest.schemes where data.line < 1 || data.line > lines {
        return "scheme \(data.scheme) on line \(data.line) of a file of \(lines) lines"
      }
      return nil
    } catch {
      return ReaderCheck.problem(ifEmpty: error.message, "the manifest reader")
    }
  }
}
