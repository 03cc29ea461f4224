/// The directory a tour is written to: checked before anything is sent, and written only
/// once every link was applied.
enum TourOutput {
  /// The directory the tour is written to, checked before anything is sent: `--out`, made if
  /// missing; empty, or (when recording) holding an earlier tour, which will be replaced. A
  /// check without `--out` writes to a new temporary directory. A check's `--out` must lie
  /// outside the recording, which a check never modifies.
  static func prepare(for request: TourRequest) throws -> String {
    guard let path = request.out else {
      do {
        return try TourDirectory.makeTemporary()
      } catch {
        throw TourFailure.cannotWrite("a temporary directory for the tour", error)
      }
    }
    if let check = request.check, let recording = TourDirectory.canonicalPath(check),
      let output = TourDirectory.canonicalPath(path) ?? Self.canonicalPath(ofNew: path),
      output == recording || output.hasPrefix(recording.hasSuffix("/") ? recording : recording + "/")
    {
      throw UsageError.invalidUse(
        "--out \(path) is inside the recording \(check), which --check never modifies; give another directory",
        hint: nil)
    }
    let created: Bool
    do {
      created = try TourDirectory.create(path)
    } catch {
      throw UsageError.invalidUse("--out \(path): cannot create the directory: \(error)", hint: nil)
    }
    guard !created else { return path }
    let directory: TourDirectory
    let names: [String]
    do {
      directory = try TourDirectory(opening: path)
      names = try directory.names()
    } catch {
      throw UsageError.invalidUse("--out \(path): \(error)", hint: nil)
    }
    guard !names.isEmpty else { return path }
    guard request.check == nil, names.contains(TourRecording.manifestName) else {
      throw UsageError.invalidUse(
        "--out \(path) is not empty"
          + (request.check == nil ? " and holds no earlier tour" : "")
          + "; give a new or empty directory",
        hint: nil)
    }
    do {
      _ = try TourRecording.read(from: directory)
    } catch {
      throw UsageError.invalidUse(
        "--out \(path) holds a tour that cannot be read, so it is not replaced: \(error.message)", hint: nil)
    }
    return path
  }

  /// Where a directory not made yet would be: its parent's canonical path and its own name.
  static func canonicalPath(ofNew path: String) -> String? {
    let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
    guard let slash = trimmed.lastIndex(of: "/") else {
      return TourDirectory.canonicalPath(".").map { $0 + "/" + trimmed }
    }
    let parent = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    return TourDirectory.canonicalPath(parent).map { $0 + "/" + trimmed[trimmed.index(after: slash)...] }
  }

  /// Writes the tour's files into `path`: every entry's screen and state, then `tour.json`,
  /// and `index.html` last. An earlier tour there is removed first, file by file as its
  /// manifest names them; the manifest and the page name `tool`.
  static func write(
    _ tour: TourRecording, comparison: TourComparison?, recordingPath: String?, to path: String, tool: String
  ) throws {
    let directory: TourDirectory
    do {
      directory = try TourDirectory(opening: path)
    } catch {
      throw TourFailure.cannotWrite(path, error)
    }
    if let earlier = try? TourRecording.read(from: directory) {
      for entry in earlier.entries {
        for name in entry.fileNames { try? directory.remove(name) }
      }
      try? directory.remove(TourRecording.manifestName)
      try? directory.remove(TourRecording.pageName)
    }
    func put(_ bytes: [UInt8], _ name: String) throws(TourFailure) {
      do {
        try directory.write(bytes, as: name)
      } catch {
        throw .cannotWrite(path + "/" + name, error)
      }
    }
    var differenceImages: [String: [UInt8]] = [:]
    for item in comparison?.items ?? [] {
      if let name = item.current?.differenceFile, let image = item.differenceImage {
        differenceImages[name] = image
      }
    }
    for entry in tour.entries {
      if let screen = entry.screen, let name = entry.screenFile { try put(Array(screen.utf8), name) }
      if let state = entry.state, let name = entry.stateFile { try put(Array(state.utf8), name) }
      if let picture = entry.pictureBytes, let name = entry.pictureFile { try put(picture, name) }
      if let name = entry.differenceFile, let image = differenceImages[name] { try put(image, name) }
    }
    try put(Array(tour.manifest(tool: tool).utf8), TourRecording.manifestName)
    let page = TourPage.html(
      entries: tour.entries, table: tour.table, tool: tool, comparison: comparison,
      recordingPath: recordingPath,
      device: tour.device, settle: tour.settle, settleTimeout: tour.settleTimeout)
    try put(Array(page.utf8), TourRecording.pageName)
  }
}
