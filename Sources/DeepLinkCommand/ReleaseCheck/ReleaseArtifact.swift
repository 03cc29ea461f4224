import DeepLinkWire
import ReleaseInspection

/// What a release build ships, read for `check-release`: the kind of a path is found from
/// what it is, not only from its name.
///
/// - a folder with `Products/Applications` (an `.xcarchive`): every `.app` in it;
/// - another folder (an `.app`): its `Info.plist`, at its root (iOS) or in `Contents/` (macOS),
///   and the executable its `CFBundleExecutable` names, scanned for the agent;
/// - a zip file (an `.ipa`): every `Payload/<name>.app/Info.plist` in it, read from the
///   central directory without reading the rest, and each app's executable, streamed;
/// - a binary plist (`bplist00`), or XML whose root is `<plist>`: an Info.plist;
/// - XML whose root is `<manifest>`: an Android manifest.
enum ReleaseArtifact {
  /// The largest Info.plist or manifest read (an app's is a few KiB).
  static let maximumFileSize = 16 << 20

  /// Every file checked at `path`, in order.
  ///
  /// - Throws: ``ReleaseCheckError`` naming the path, or the file inside it, that cannot be read.
  static func files(at path: String) throws(ReleaseCheckError) -> [CheckedFile] {
    let shown = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    switch try kind(of: path, shown: shown) {
    case .directory:
      if case .directory? = try? ArtifactFiles.kind(of: shown + "/Products/Applications") {
        return try archive(shown)
      }
      return [try app(shown)]
    case .file:
      return try file(shown)
    case .other:
      throw ReleaseCheckError(path: shown, reason: "not a regular file or a folder")
    }
  }

  static func kind(of path: String, shown: String) throws(ReleaseCheckError) -> ArtifactFiles.Kind {
    do {
      return try ArtifactFiles.kind(of: path)
    } catch {
      throw ReleaseCheckError(path: shown, reason: error.description)
    }
  }

  /// Each `.app` of an `.xcarchive`'s `Products/Applications`.
  static func archive(_ path: String) throws(ReleaseCheckError) -> [CheckedFile] {
    let folder = path + "/Products/Applications"
    let names: [String]
    do {
      names = try ArtifactFiles.names(in: folder).filter { $0.hasSuffix(".app") }
    } catch {
      throw ReleaseCheckError(path: folder, reason: error.description)
    }
    guard !names.isEmpty else {
      throw ReleaseCheckError(path: folder, reason: "no .app in it: is the archive complete?")
    }
    var files: [CheckedFile] = []
    for name in names { files.append(try app(folder + "/" + name)) }
    return files
  }

  /// An app bundle's Info.plist, `Info.plist` (iOS) or `Contents/Info.plist` (macOS), and the
  /// executable it names, `<name>` or `Contents/MacOS/<name>`.
  static func app(_ path: String) throws(ReleaseCheckError) -> CheckedFile {
    for (candidate, macOSLayout) in [(path + "/Info.plist", false), (path + "/Contents/Info.plist", true)] {
      guard case .file? = try? ArtifactFiles.kind(of: candidate) else { continue }
      let plist = try propertyList(try wholeFile(candidate), shown: candidate)
      var checked = CheckedFile(path: candidate, kind: .infoPlist, registrations: registrations(in: plist))
      checked.executable = try executable(
        of: plist, shown: candidate, bundle: path, macOSLayout: macOSLayout)
      return checked
    }
    throw ReleaseCheckError(
      path: path, reason: "no Info.plist at its root or in Contents/: is it an app bundle (.app)?")
  }

  /// A file: an `.ipa` (zip), a binary or XML Info.plist, or an Android manifest.
  static func file(_ path: String) throws(ReleaseCheckError) -> [CheckedFile] {
    let file: ArtifactFiles.File
    do {
      file = try ArtifactFiles.File(path)
    } catch {
      throw ReleaseCheckError(path: path, reason: error.description)
    }
    let head: [UInt8]
    do {
      head = try file.read(at: 0, count: min(file.count, 8))
    } catch {
      throw ReleaseCheckError(path: path, reason: error.message)
    }
    if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
      return try ipa(file, shown: path)
    }
    let bytes: [UInt8]
    do {
      bytes = try file.contents(limit: maximumFileSize)
    } catch {
      throw ReleaseCheckError(path: path, reason: error.message)
    }
    if BinaryPropertyListReader.isBinary(bytes) {
      return [CheckedFile(path: path, kind: .infoPlist, registrations: try infoPlist(bytes, shown: path))]
    }
    let root: XMLElement
    do {
      root = try XMLDocument.parse(bytes)
    } catch {
      if bytes.starts(with: [0x03, 0x00, 0x08, 0x00]) {
        throw ReleaseCheckError(path: path, reason: AndroidManifestError.binaryXML.message)
      }
      throw ReleaseCheckError(path: path, reason: Self.unknownKind + " (as XML, \(error.message))")
    }
    switch root.name {
    case "plist":
      let plist: PropertyList
      do {
        plist = try XMLPropertyListReader.read(root: root)
      } catch {
        throw ReleaseCheckError(path: path, reason: error.message)
      }
      return [CheckedFile(path: path, kind: .infoPlist, registrations: registrations(in: plist))]
    case "manifest":
      let manifest: AndroidManifest
      do {
        manifest = try AndroidManifest(root: root)
      } catch {
        throw ReleaseCheckError(path: path, reason: error.message)
      }
      return [
        CheckedFile(
          path: path, kind: .androidManifest,
          registrations: manifest.schemes.map {
            CheckedFile.Registration(scheme: $0.scheme, line: $0.line, activity: $0.activity)
          })
      ]
    default:
      throw ReleaseCheckError(path: path, reason: Self.unknownKind + " (its XML root is <\(root.name)>)")
    }
  }

  static let unknownKind =
    "not an app bundle, .xcarchive, .ipa, Info.plist or AndroidManifest.xml"

  /// Each `Payload/<name>.app/Info.plist` of an `.ipa`.
  static func ipa(_ file: ArtifactFiles.File, shown: String) throws(ReleaseCheckError) -> [CheckedFile] {
    let archive: ZipArchive
    do {
      archive = try ZipArchive(file)
    } catch {
      throw ReleaseCheckError(path: shown, reason: error.message)
    }
    let plists = archive.entries.filter { entry in
      let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
      return parts.count == 3 && parts[0] == "Payload" && parts[1].hasSuffix(".app") && parts[1].count > 4
        && parts[2] == "Info.plist"
    }
    guard !plists.isEmpty else {
      throw ReleaseCheckError(
        path: shown, reason: "a zip archive without Payload/<name>.app/Info.plist: is it an .ipa?")
    }
    var files: [CheckedFile] = []
    for entry in plists {
      let inner = shown + ":" + entry.name
      let bytes: [UInt8]
      do {
        bytes = try archive.contents(of: entry, limit: maximumFileSize)
      } catch {
        throw ReleaseCheckError(path: inner, reason: error.message)
      }
      let plist = try propertyList(bytes, shown: inner)
      var checked = CheckedFile(path: inner, kind: .infoPlist, registrations: registrations(in: plist))
      checked.executable = try executable(
        of: plist, shown: inner, in: archive, app: String(entry.name.dropLast("/Info.plist".count)),
        archivePath: shown)
      files.append(checked)
    }
    return files
  }

  static func wholeFile(_ path: String) throws(ReleaseCheckError) -> [UInt8] {
    do {
      return try ArtifactFiles.File(path).contents(limit: maximumFileSize)
    } catch let error as Errno {
      throw ReleaseCheckError(path: path, reason: error.description)
    } catch let error as ZipError {
      throw ReleaseCheckError(path: path, reason: error.message)
    } catch {
      throw ReleaseCheckError(path: path, reason: "\(error)")
    }
  }

  static func infoPlist(_ bytes: [UInt8], shown: String) throws(ReleaseCheckError) -> [CheckedFile
    .Registration]
  {
    registrations(in: try propertyList(bytes, shown: shown))
  }

  static func propertyList(_ bytes: [UInt8], shown: String) throws(ReleaseCheckError) -> PropertyList {
    do {
      return try PropertyList.read(bytes)
    } catch {
      throw ReleaseCheckError(path: shown, reason: error.message)
    }
  }

  static func registrations(in plist: PropertyList) -> [CheckedFile.Registration] {
    InfoPlistURLScheme.all(in: plist).map { CheckedFile.Registration(scheme: $0.scheme, place: $0.place) }
  }
}
