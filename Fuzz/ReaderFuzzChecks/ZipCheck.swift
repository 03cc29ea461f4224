import ReleaseInspection

/// The zip reader's properties, for `fuzz-zip` and its regression tests.
public enum ZipCheck {
  /// The most inflated per entry, small so that a run stays fast.
  static let limit = 1 << 20

  /// Reads `bytes` as a zip archive and every entry of it (the first 64): never a crash; an
  /// entry read holds exactly the size its header gives, within the limit; every error has
  /// a message. Each entry is also streamed in small pieces, as `check-release` reads an
  /// executable: it succeeds exactly when the whole read does, with the same bytes, and the
  /// agent's marker is found in the pieces exactly where it is in the whole. An `.ipa`'s
  /// executable (`CFBundleExecutable` of each `Payload/<X>.app/Info.plist`) is looked up as
  /// `check-release` does.
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
      var whole: [UInt8]? = nil
      do {
        let contents = try archive.contents(of: entry, limit: limit)
        guard contents.count == entry.uncompressedSize, contents.count <= limit else {
          return "\(entry.name): \(contents.count) bytes read, its header says \(entry.uncompressedSize)"
        }
        whole = contents
      } catch {
        if let problem = ReaderCheck.problem(ifEmpty: error.message, "the zip reader") { return problem }
        // The whole read refuses compressed data far above the limit before inflating.
        if case .entryTooLarge = error { continue }
      }
      if let problem = streamProblem(archive, entry, whole: whole) { return problem }
    }
    for entry in archive.entries.prefix(64) where entry.name.hasPrefix("Payload/") {
      let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[2] == "Info.plist",
        let plistBytes = try? archive.contents(of: entry, limit: limit),
        let plist = try? PropertyList.read(plistBytes)
      else { continue }
      do {
        let name = try BundleExecutable.name(in: plist)
        guard !name.contains("/"), name != "..", name != "." else { return "'\(name)' taken as a file name" }
        let executable = try BundleExecutable.entry(in: archive, app: "Payload/" + parts[1], name: name)
        guard executable.name == "Payload/\(parts[1])/\(name)", !executable.isSymbolicLink else {
          return "\(executable.name) taken as the executable of Payload/\(parts[1])"
        }
      } catch {
        if let problem = ReaderCheck.problem(ifEmpty: error.message, "the bundle executable lookup") {
          return problem
        }
      }
    }
    return nil
  }

  /// `entry` streamed in pieces of 7 bytes: the same outcome as the whole read (`whole`, `nil`
  /// when it failed), and the marker found where it is in the whole.
  static func streamProblem(_ archive: ZipArchive, _ entry: ZipEntry, whole: [UInt8]?) -> String? {
    var streamed: [UInt8] = []
    var search = ByteStringSearch(needle: AgentMarker.bytes)
    do {
      let complete = try archive.stream(entry, limit: limit, pieceSize: 7) { piece in
        guard piece.count <= 7 else { return false }
        streamed += piece
        search.feed(piece)
        return true
      }
      guard complete else { return "\(entry.name): a streamed piece larger than asked" }
    } catch {
      if let problem = ReaderCheck.problem(ifEmpty: error.message, "the zip stream") { return problem }
      return whole == nil ? nil : "\(entry.name): streaming failed (\(error.message)), the whole read did not"
    }
    guard let whole else { return "\(entry.name): streaming succeeded, the whole read failed" }
    guard streamed == whole else { return "\(entry.name): the streamed bytes differ from the whole read's" }
    guard search.found == whole.firstRange(of: AgentMarker.bytes)?.lowerBound else {
      return "\(entry.name): the marker found at \(search.found ?? -1) in the pieces"
    }
    return nil
  }
}
