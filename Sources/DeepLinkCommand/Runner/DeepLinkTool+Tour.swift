import DeepLinkRoutes
import DeepLinkWire

extension DeepLinkTool {
  /// `deeplink tour`: visits every route (or a scenario's links) over one connection, each
  /// acknowledged before its screen and state are kept, then writes the tour (`--out`), or
  /// compares it with a recording (`--check`) and writes the new tour beside it.
  ///
  /// Everything that can be refused is refused before the first link is sent: the scenario,
  /// the recording (read whole and checked), the output directory. Nothing is written until
  /// every link was applied, so a tour that fails half-way leaves no half recording.
  func runTour(_ request: TourRequest, options: GlobalOptions) throws(ClientFailure) {
    let stops: [TourStop]
    if let scenario = request.scenario {
      stops = try TourStop.scenario(scenario, table: table)
    } else {
      stops = try TourStop.everyRoute(of: table)
    }
    try requireApp(for: .tour, options)
    var recording: TourRecording?
    if let check = request.check {
      let directory: TourDirectory
      do {
        directory = try TourDirectory(opening: check)
      } catch {
        throw .unreadableRecording("cannot open the recording \(check): \(error)")
      }
      do {
        recording = try TourRecording.read(from: directory)
      } catch {
        throw .unreadableRecording(error.message)
      }
    }
    if let recorded = recording?.scenario, request.scenario == nil, let check = request.check {
      throw .usage(
        "the recording in \(check) visited the scenario \(recorded), not every route; give it again "
          + "with --scenario", hint: nil)
    }
    if options.dryRun {
      try write(stops.map { "\($0.name): send \($0.url)\n" }.joined())
      return
    }
    let output = try prepareTourOutput(request)

    // Visit.
    let showsProgress = !options.quiet && !options.json && StreamWriter.isTerminal(2)
    var entries: [TourEntry] = []
    var session = try connect(options)
    defer { session.close() }
    for (index, stop) in stops.enumerated() {
      if showsProgress { streams.err("[\(index + 1)/\(stops.count)] \(stop.name)\n") }
      let reply: JSON
      do {
        let open = AppSession.openRequest(stop.url, timeoutMilliseconds: options.timeoutMilliseconds)
        reply = try warnAboutVersion(&session) { (s: inout AppSession) throws(ClientFailure) in
          try s.request(open)
        }
      } catch {
        throw .batch(
          line: nil, kind: error.kind, error.exitCode, "\(stop.name) (\(stop.url)): \(error.message)")
      }
      guard let state = reply["state"], let screen = state["screen"]?.stringValue else {
        throw .badReply("the app acknowledged \(stop.url) without its state")
      }
      let stem = TourRecording.fileStem(number: index + 1, of: stops.count, name: stop.name)
      let entry = TourEntry(
        name: stop.name, url: stop.url, command: stop.command, screenFile: stem + ".txt",
        stateFile: stem + ".json", pictureFile: nil, screen: screen, state: state.pretty + "\n")
      entries.append(entry)
      if options.json {
        var line = entry.manifestJSON.objectValue ?? []
        line.insert(("step", .int(index + 1)), at: 0)
        if let recording {
          let item = TourComparison(
            recorded: recording.entries.filter { $0.name == entry.name }, current: [entry])
          line.append(("status", .string(item.items[0].status.word)))
        }
        try write(JSON.object(line).serialized + "\n")
      }
    }
    session.close()

    // Write.
    let tour = TourRecording(table: table.version, scenario: request.scenario, entries: entries)
    let comparison = recording.map { TourComparison(recorded: $0.entries, current: entries) }
    try writeTour(tour, comparison: comparison, recordingPath: request.check, to: output)

    guard let comparison, let check = request.check else {
      try write(
        options.json
          ? "" : "recorded \(entries.count) screens in \(output); see \(output)/\(TourRecording.pageName)\n")
      return
    }
    let differences = comparison.differences
    if !options.json {
      for item in differences { streams.err(report(item, recordingPath: check, outputPath: output)) }
    } else {
      for item in differences where item.status == .missing {
        try write(
          JSON.object([("name", .string(item.name)), ("status", .string(item.status.word))]).serialized + "\n"
        )
      }
    }
    guard differences.isEmpty else {
      throw .differences(
        "\(differences.count) of \(comparison.items.count) entries differ from the recording in \(check) "
          + "(\(comparison.summary)); this tour and its report: \(output)/\(TourRecording.pageName)")
    }
    try write(
      options.json
        ? ""
        : "all \(entries.count) screens match the recording in \(check); this tour: "
          + "\(output)/\(TourRecording.pageName)\n")
  }

  /// One difference, for stderr: what it is, and for a changed screen or state its unified diff.
  func report(_ item: TourComparison.Item, recordingPath: String, outputPath: String) -> String {
    let prefix = "\(ToolName.current): tour: "
    switch item.status {
    case .same: return ""
    case .new: return prefix + "\(item.name): new, not in the recording\n"
    case .missing: return prefix + "\(item.name): missing, in the recording but not in this tour\n"
    case .changed(let parts):
      guard let old = item.recorded, let new = item.current else { return "" }
      var text = prefix + "\(item.name): changed (\(parts.joined(separator: ", ")))\n"
      if parts.contains("url") { text += "  recorded \(old.url)\n  now      \(new.url)\n" }
      if parts.contains("screen") {
        text += LineDiff(old: TourPage.visible(old.screen), new: TourPage.visible(new.screen)).unified(
          old: "\(recordingPath)/\(old.screenFile)", new: "\(outputPath)/\(new.screenFile)")
      }
      if parts.contains("state") && !parts.contains("screen") {
        text += LineDiff(old: TourPage.visible(old.state), new: TourPage.visible(new.state)).unified(
          old: "\(recordingPath)/\(old.stateFile)", new: "\(outputPath)/\(new.stateFile)")
      }
      return text
    }
  }

  /// The directory the tour is written to, checked before anything is sent: `--out`, made if
  /// missing; empty, or (when recording) holding an earlier tour, which will be replaced. A
  /// check without `--out` writes to a new temporary directory. A check's `--out` must lie
  /// outside the recording, which a check never modifies.
  func prepareTourOutput(_ request: TourRequest) throws(ClientFailure) -> String {
    guard let path = request.out else {
      do {
        return try TourDirectory.makeTemporary()
      } catch {
        throw .tourFile("a temporary directory for the tour", error)
      }
    }
    if let check = request.check, let recording = TourDirectory.canonicalPath(check),
      let output = TourDirectory.canonicalPath(path) ?? Self.canonicalPath(ofNew: path),
      output == recording || output.hasPrefix(recording.hasSuffix("/") ? recording : recording + "/")
    {
      throw .usage(
        "--out \(path) is inside the recording \(check), which --check never modifies; give another directory",
        hint: nil)
    }
    let created: Bool
    do {
      created = try TourDirectory.create(path)
    } catch {
      throw .usage("--out \(path): cannot create the directory: \(error)", hint: nil)
    }
    guard !created else { return path }
    let directory: TourDirectory
    let names: [String]
    do {
      directory = try TourDirectory(opening: path)
      names = try directory.names()
    } catch {
      throw .usage("--out \(path): \(error)", hint: nil)
    }
    guard !names.isEmpty else { return path }
    guard request.check == nil, names.contains(TourRecording.manifestName) else {
      throw .usage(
        "--out \(path) is not empty"
          + (request.check == nil ? " and holds no earlier tour" : "")
          + "; give a new or empty directory",
        hint: nil)
    }
    do {
      _ = try TourRecording.read(from: directory)
    } catch {
      throw .usage(
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
  /// manifest names them.
  func writeTour(
    _ tour: TourRecording, comparison: TourComparison?, recordingPath: String?, to path: String
  ) throws(ClientFailure) {
    let directory: TourDirectory
    do {
      directory = try TourDirectory(opening: path)
    } catch {
      throw .tourFile(path, error)
    }
    if let earlier = try? TourRecording.read(from: directory) {
      for entry in earlier.entries {
        for name in [entry.screenFile, entry.stateFile, entry.pictureFile].compactMap({ $0 }) {
          try? directory.remove(name)
        }
      }
      try? directory.remove(TourRecording.manifestName)
      try? directory.remove(TourRecording.pageName)
    }
    func put(_ text: String, _ name: String) throws(ClientFailure) {
      do {
        try directory.write(Array(text.utf8), as: name)
      } catch {
        throw .tourFile(path + "/" + name, error)
      }
    }
    for entry in tour.entries {
      try put(entry.screen, entry.screenFile)
      try put(entry.state, entry.stateFile)
    }
    try put(tour.manifest, TourRecording.manifestName)
    try put(
      TourPage.html(
        entries: tour.entries, table: tour.table, comparison: comparison, recordingPath: recordingPath),
      TourRecording.pageName)
  }
}
