import DeepLinkRoutes
import DeepLinkWire
import Pictures

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
    try checkTourOptions(request, target: try target(options))
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
    let place = try tourTarget(request, options: options)
    if let recording, let check = request.check {
      try checkRecordingFits(recording, at: check, place, options: options)
    }
    let output = try prepareTourOutput(request)

    // Visit. With a simulator's status bar set, stop signals are held until it is cleared.
    let held = place.overridesStatusBar
    if held { HeldSignals.hold() }
    defer { if held { HeldSignals.release() } }
    var statusBarSet = false
    func restoreStatusBar() {
      HeldSignals.undoing()
      if statusBarSet, let device = place.device { clearStatusBar(of: device, options: options) }
      statusBarSet = false
    }
    defer { restoreStatusBar() }
    /// A stop signal came: clear the status bar and let the signal end deeplink.
    func stopIfSignalled() {
      guard held, HeldSignals.pending else { return }
      restoreStatusBar()
      HeldSignals.release()
    }
    if place.overridesStatusBar, let device = place.device {
      try overrideStatusBar(of: device, options: options)
      statusBarSet = true
    }

    let showsProgress = !options.quiet && !options.json && StreamWriter.isTerminal(2)
    var recordedByName: [String: TourEntry] = [:]
    for entry in recording?.entries ?? [] { recordedByName[entry.name] = entry }
    var entries: [TourEntry] = []
    var items: [TourComparison.Item] = []
    var session: AppSession?
    if let appOptions = place.appOptions { session = try connect(appOptions) }
    defer { session?.close() }
    for (index, stop) in stops.enumerated() {
      stopIfSignalled()
      if showsProgress { streams.err("[\(index + 1)/\(stops.count)] \(stop.name)\n") }
      var screen: String?
      var state: String?
      var picture: [UInt8]?
      var settle: SettleOutcome?
      do throws(ClientFailure) {
        if var kept = session {
          let open = AppSession.openRequest(stop.url, timeoutMilliseconds: options.timeoutMilliseconds)
          let reply = try warnAboutVersion(&kept) { (s: inout AppSession) throws(ClientFailure) in
            try s.request(open)
          }
          session = kept
          guard let applied = reply["state"], let text = applied["screen"]?.stringValue else {
            throw ClientFailure.badReply("the app acknowledged \(stop.url) without its state")
          }
          screen = text
          state = applied.pretty + "\n"
        } else if let device = place.device {
          try deliver(stop.url, to: device, runner: toolRunner(options), options: options)
        }
        if let settle = place.settle, HeldSignals.pause(milliseconds: Int(settle * 1000)) {
          stopIfSignalled()
        }
        if let device = place.device {
          let shot = try settledScreenshot(of: device, settling: request.settling, options: options)
          picture = shot.screenshot.png
          settle = shot.outcome
          if shot.outcome.settled == false {
            streams.err(
              "\(ToolName.current): tour: \(stop.name): the screen "
                + shot.outcome.notSettled(request.settling)
                + "; its last picture is kept, marked \"settled\": false in \(TourRecording.manifestName)\n")
          }
        }
      } catch {
        throw .batch(
          line: nil, kind: error.kind, error.exitCode, "\(stop.name) (\(stop.url)): \(error.message)")
      }
      let stem = TourRecording.fileStem(number: index + 1, of: stops.count, name: stop.name)
      var entry = TourEntry(
        name: stop.name, url: stop.url, command: stop.command, screenFile: screen.map { _ in stem + ".txt" },
        stateFile: state.map { _ in stem + ".json" }, pictureFile: picture.map { _ in stem + ".png" },
        screen: screen, state: state, pictureBytes: picture, settle: settle)
      if recording != nil {
        var item = TourComparison.item(
          recorded: recordedByName[entry.name], current: entry, tolerance: request.tolerance)
        if item.differenceImage != nil {
          entry.differenceFile = stem + ".diff.png"
          item.current = entry
        }
        items.append(item)
      }
      entries.append(entry)
      if options.json {
        var line = entry.manifestJSON.objectValue ?? []
        line.insert(JSON.Member("step", .int(index + 1)), at: 0)
        if let item = items.last, recording != nil {
          line.append(JSON.Member("status", .string(item.status.word)))
          if let summary = item.picture?.summary, item.picture?.matches == false {
            line.append(JSON.Member("pictureDifference", .string(summary)))
          }
        }
        try write(JSON.object(line).serialized + "\n")
      }
    }
    session?.close()
    session = nil
    stopIfSignalled()
    restoreStatusBar()

    // Write.
    var tour = TourRecording(table: table.version, scenario: request.scenario, entries: entries)
    tour.device = place.deviceLabel
    tour.settle = place.settle
    if place.device != nil { tour.settleTimeout = request.settling.timeout ?? Settling.defaultTimeout }
    let comparison = recording.map { TourComparison(items: items, recorded: $0.entries) }
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
        text += LineDiff(old: TourPage.visible(old.screen ?? ""), new: TourPage.visible(new.screen ?? ""))
          .unified(
            old: "\(recordingPath)/\(old.screenFile ?? "(no screen)")",
            new: "\(outputPath)/\(new.screenFile ?? "(no screen)")")
      }
      if parts.contains("state") && !parts.contains("screen") {
        text += LineDiff(old: TourPage.visible(old.state ?? ""), new: TourPage.visible(new.state ?? ""))
          .unified(
            old: "\(recordingPath)/\(old.stateFile ?? "(no state)")",
            new: "\(outputPath)/\(new.stateFile ?? "(no state)")")
      }
      if parts.contains("picture") {
        if let picture = item.picture {
          text += "  picture: \(picture.summary)"
        } else {
          text += "  picture: " + (old.pictureFile == nil ? "none recorded, one now" : "recorded, none now")
        }
        if let difference = new.differenceFile {
          text += "; the pixels that differ: \(outputPath)/\(difference)"
        }
        text += "\n"
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
        for name in entry.fileNames { try? directory.remove(name) }
      }
      try? directory.remove(TourRecording.manifestName)
      try? directory.remove(TourRecording.pageName)
    }
    func put(_ bytes: [UInt8], _ name: String) throws(ClientFailure) {
      do {
        try directory.write(bytes, as: name)
      } catch {
        throw .tourFile(path + "/" + name, error)
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
    try put(Array(tour.manifest.utf8), TourRecording.manifestName)
    let page = TourPage.html(
      entries: tour.entries, table: tour.table, comparison: comparison, recordingPath: recordingPath,
      device: tour.device, settle: tour.settle, settleTimeout: tour.settleTimeout)
    try put(Array(page.utf8), TourRecording.pageName)
  }
}
