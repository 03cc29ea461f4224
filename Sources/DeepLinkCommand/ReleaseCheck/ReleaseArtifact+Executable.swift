import DeepLinkWire
import ReleaseInspection

/// An app's executable, read for the agent's marker: the file its Info.plist's
/// `CFBundleExecutable` names, inside the bundle and nowhere else.
extension ReleaseArtifact {
  /// The largest executable read (an iOS app's is at most a few hundred MB).
  static let maximumExecutableSize = 4 << 30
  /// How much is read at once: memory stays about this, whatever the executable's size.
  static let scanPieceSize = 1 << 20

  /// The executable of the bundle at `bundle` whose Info.plist, `plist`, was read at `shown`:
  /// `<bundle>/<name>` (iOS) or `<bundle>/Contents/MacOS/<name>` (macOS, `macOSLayout`),
  /// opened without following any symbolic link inside the bundle, and scanned.
  ///
  /// - Throws: ``ReleaseCheckError`` naming the Info.plist (no usable `CFBundleExecutable`) or
  ///   the executable (missing, a link, not a program, unreadable).
  static func executable(
    of plist: PropertyList, shown: String, bundle: String, macOSLayout: Bool
  ) throws(ReleaseCheckError) -> ScannedExecutable {
    let name = try executableName(plist, shown: shown)
    let components = macOSLayout ? ["Contents", "MacOS", name] : [name]
    let path = bundle + "/" + components.joined(separator: "/")
    do throws(BundleExecutableError) {
      let file = try ArtifactFiles.openInside(bundle, components)
      guard file.count <= maximumExecutableSize else {
        throw .unreadable("it is larger than \(maximumExecutableSize >> 30) GiB, the most read")
      }
      return try scan(path) { (body) throws(ZipError) in try file.forEachPiece(pieceSize: scanPieceSize, body)
      }
    } catch {
      throw ReleaseCheckError(path: path, reason: error.message)
    }
  }

  /// The executable of `Payload/<X>.app` in an `.ipa`, inflated a piece at a time as it is
  /// scanned (never held whole), and checked against its size and CRC-32 when read to the end.
  static func executable(
    of plist: PropertyList, shown: String, in archive: ZipArchive, app: String, archivePath: String
  ) throws(ReleaseCheckError) -> ScannedExecutable {
    let name = try executableName(plist, shown: shown)
    let path = archivePath + ":" + app + "/" + name
    do throws(BundleExecutableError) {
      let entry = try BundleExecutable.entry(in: archive, app: app, name: name)
      return try scan(path) { (body) throws(ZipError) in
        try archive.stream(entry, limit: maximumExecutableSize, pieceSize: scanPieceSize, body)
      }
    } catch {
      throw ReleaseCheckError(path: path, reason: error.message)
    }
  }

  /// The executable at `path`, whose pieces `read` hands to its argument until it returns
  /// `false`: searched for the marker (stopping at it) and checked to start as a program.
  static func scan(
    _ path: String, _ read: (_ body: (UnsafeRawBufferPointer) -> Bool) throws(ZipError) -> Bool
  ) throws(BundleExecutableError) -> ScannedExecutable {
    var search = ByteStringSearch(needle: AgentMarker.bytes)
    var head: [UInt8] = []
    do {
      _ = try read { piece in
        if head.count < 4 { head += piece.prefix(4 - head.count) }
        return search.feed(piece) == nil
      }
    } catch {
      throw .unreadable(error.message)
    }
    guard BundleExecutable.startsAsExecutable(head) else { throw .notAnExecutable }
    return ScannedExecutable(path: path, search: search)
  }

  /// `CFBundleExecutable`, a single file name; else 66 naming the Info.plist.
  static func executableName(_ plist: PropertyList, shown: String) throws(ReleaseCheckError) -> String {
    do {
      return try BundleExecutable.name(in: plist)
    } catch {
      throw ReleaseCheckError(path: shown, reason: error.message)
    }
  }
}
