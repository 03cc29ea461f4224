import ReleaseInspection

/// The zip reader's properties, for `fuzz-zip` and its regression tests.
public enum ZipCheck {
  /// The most inflated per entry, small so that a run stays fast.
  static let limit = 1 << 20

  /// Reads `bytes` as a zip archive and every entry of it (the first 64): never a crash; an
  /// entry read holds exactly the size its header gives, within the limit; every error has
  /// a message.
  ///
  /// - Returns: `nil`, or the property that failed.
  public static func check(_ bytes: [UInt8]) -> String? {
    let archive: ZipArchive
    do {
      archive = try ZipArchive(MemoryBytes(bytes))
    } catch {
      return ReaderCheck.problem(ifEmpty: error.message, "the zip reader")
    }
    for entry in archive.entries.prefix(64) {
      do {
        let contents = try archive.contents(of: entry, limit: limit)
        guard contents.count == entry.uncompressedSize, contents.count <= limit else {
          return "\(entry.name): \(contents.count) bytes read, its header says \(entry.uncompressedSize)"
        }
      } catch {
        if let problem = ReaderCheck.problem(ifEmpty: error.message, "the zip reader") { return problem }
      }
    }
    return nil
  }
}
