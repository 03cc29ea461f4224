import DeepLinkRoutes
import DeepLinkWire
import Pictures

/// `deeplink tour`: Record every screen, or check them against a recording.
struct TourCommand: ToolCommand {
  static let name = "tour"
  static let synopsis = "(--out | --check) <dir> [--scenario <file>]"
  static let summary = "Record every screen, or check them against a recording"

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    """
    Visits every route of the table once, in table order, with the first example of \
    '\(tool.name) help <route>' (or, with --scenario, the links of a file in batch's \
    format, checked whole before anything is sent; a '# name: NAME' comment names the link \
    below it). Each link is sent and acknowledged, then its screen and state are recorded in \
    --out DIR: 01-settings.txt, 01-settings.json, …, the manifest tour.json (each entry's \
    name, url, command and files) and index.html, one page showing every screen (no network, \
    no script). An earlier tour in DIR is replaced; any other non-empty directory is \
    refused.

    --check DIR tours again and compares with the recording in DIR, which it never modifies: \
    exit 0 when every entry matches, 1 when a screen or state changed or an entry is new or \
    missing (each named on stderr, a changed screen with a unified diff), 66 when the \
    recording cannot be read. The new tour and its page, differences first, go to --out DIR, \
    else to a new temporary directory it names. A check never records: record again with \
    --out when a change is meant.

    With --target simulator, where the app's deeplink agent acknowledges each link, each \
    entry also gets a picture (xcrun simctl io <UDID> screenshot) taken after the \
    acknowledgement once the screen stopped changing (screenshots until two in a row match \
    within --tolerance, for at most --settle-timeout seconds, default \
    \(GlobalOption.formatted(Settling.defaultTimeout)); a screen that never settles keeps its \
    last picture, marked in tour.json, on the page and on stderr, and the recording still \
    succeeds), with the status bar set to \(DeviceBridge.statusBarTime) and full bars \
    before the first and cleared after the last, also on failure or interrupt \
    (--keep-status-bar leaves it alone). An app that cannot acknowledge (no agent on the \
    simulator; Android, through adb exec-out screencap -p) is refused unless --settle \
    SECONDS says how long to wait after each link before its picture; tour.json and the page \
    say so. An iPhone or iPad (--target device) is refused: devicectl takes no screenshot, \
    and the app there cannot acknowledge. --check compares pictures by their decoded pixels, not their bytes: two pixels \
    match when no channel (red, green, blue, alpha) differs by more than --tolerance N of \
    \(PictureComparison.maximumTolerance) (default 0); a changed picture gets an image \
    marking the pixels that differ (NN-name.diff.png). Pictures are embedded in the page, \
    which stays one file.

    Progress ([3/12] \(table.routes.first?.name ?? "settings")) goes to stderr when it is a terminal, unless --quiet; --json \
    prints one line per entry as it completes.
    """
  }

  static var options: [CommandOption] {
    [
      CommandOption(
        Self.outFlag, .path, placeholder: "dir",
        help: "Record the tour in this directory (with --check: write the new tour there)"),
      CommandOption(
        Self.scenarioFlag, .path, placeholder: "file",
        help: "Visit the links of this file, in batch's format, instead of every route"),
      CommandOption(
        Self.checkFlag, .path, placeholder: "dir",
        help: "Compare with the recording in this directory; exit 1 on a difference"),
      CommandOption(
        Settling.toleranceFlag, .text, placeholder: "n",
        help:
          "Pixels match when no channel differs by more than n of \(PictureComparison.maximumTolerance) (default 0): "
          + "in a check, and for two screenshots in a row to count as settled"
      ),
      CommandOption(
        Self.settleFlag, .text, placeholder: "seconds",
        help: "Wait this long after each link before its picture (needed where no agent acknowledges)"),
      Settling.timeoutOption,
      CommandOption(
        Self.keepStatusBarFlag,
        help: "On a simulator: leave the status bar alone (default: 9:41, full bars, then cleared)"),
      CommandOption(.target, help: "A simulator or Android device, to record pictures too"),
      CommandOption(.bundleID, help: "The simulator app whose agent acknowledges"),
      CommandOption(.json, help: "Print one JSON line per entry"),
      CommandOption(.quiet, help: "No progress and no summary"),
    ]
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    return [
      ("\(tool.name) tour --out tour", "records every screen in tour/, shown on tour/index.html"),
      ("\(tool.name) tour --check tour", "in CI: fails with exit 1 when a screen changed"),
      ("\(tool.name) tour --out shots --scenario steps.txt", "the links of steps.txt instead"),
    ]
  }

  /// `--out <dir>`, `--scenario <file>`, `--check <dir>`, `--settle <seconds>` and
  /// `--keep-status-bar`.
  static let outFlag = "--out"
  static let scenarioFlag = "--scenario"
  static let checkFlag = "--check"
  static let settleFlag = "--settle"
  static let keepStatusBarFlag = "--keep-status-bar"

  /// What was asked: record or check, where, which links, how pictures settle.
  let request: TourRequest

  init(_ request: TourRequest) {
    self.request = request
  }

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {
    var request = TourRequest(
      out: try arguments.path(Self.outFlag), scenario: try arguments.path(Self.scenarioFlag),
      check: try arguments.path(Self.checkFlag))
    guard request.out != nil || request.check != nil else {
      throw .missingArgument(
        Self.name, what: "--out <dir> to record a tour, or --check <dir> to compare with a recording")
    }
    request.settling = try arguments.settling()
    if let text = arguments.values[Self.settleFlag] {
      guard let seconds = GlobalOptions.seconds(text) else {
        throw .invalidValue(
          option: Self.settleFlag, value: text, expected: GlobalOptions.timeoutRule, in: .command(Self.name))
      }
      request.settle = seconds
    }
    request.keepStatusBar = arguments.has(Self.keepStatusBarFlag)
    self.request = request
  }

  /// `deeplink tour`: visits every route (or a scenario's links) over one connection, each
  /// acknowledged before its screen and state are kept, then writes the tour (`--out`), or
  /// compares it with a recording (`--check`) and writes the new tour beside it.
  ///
  /// Everything that can be refused is refused before the first link is sent: the scenario,
  /// the recording (read whole and checked), the output directory. Nothing is written until
  /// every link was applied, so a tour that fails half-way leaves no half recording.
  func run(in context: CommandContext) throws {
    let stops: [TourStop]
    if let scenario = request.scenario {
      stops = try TourStop.scenario(scenario, input: context.input, table: context.table, tool: context.tool)
    } else {
      stops = try TourStop.everyRoute(of: context.table)
    }
    try checkTourOptions(target: try context.devices.target())
    var recording: TourRecording?
    if let check = request.check {
      let directory: TourDirectory
      do {
        directory = try TourDirectory(opening: check)
      } catch {
        throw TourFailure.unreadableRecording("cannot open the recording \(check): \(error)")
      }
      do {
        recording = try TourRecording.read(from: directory)
      } catch {
        throw TourFailure.unreadableRecording(error.message)
      }
    }
    if let recorded = recording?.scenario, request.scenario == nil, let check = request.check {
      throw UsageError.invalidUse(
        "the recording in \(check) visited the scenario \(recorded), not every route; give it again "
          + "with --scenario", hint: nil)
    }
    if context.options.dryRun {
      try context.write(stops.map { "\($0.name): send \($0.url)\n" }.joined())
      return
    }
    let place = try tourTarget(in: context)
    if let recording, let check = request.check {
      try checkRecordingFits(recording, at: check, place, in: context)
    }
    let output = try prepareTourOutput(in: context)

    // Visit. With a simulator's status bar set, stop signals are held until it is cleared.
    let held = place.overridesStatusBar
    if held { HeldSignals.hold() }
    defer { if held { HeldSignals.release() } }
    var statusBarSet = false
    func restoreStatusBar() {
      HeldSignals.undoing()
      if statusBarSet, let device = place.device { context.devices.clearStatusBar(of: device) }
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
      try context.devices.overrideStatusBar(of: device)
      statusBarSet = true
    }

    let showsProgress = !context.options.quiet && !context.options.json && context.output.stderrIsTerminal
    var recordedByName: [String: TourEntry] = [:]
    for entry in recording?.entries ?? [] { recordedByName[entry.name] = entry }
    var entries: [TourEntry] = []
    var items: [TourComparison.Item] = []
    var session: AppSession?
    if let app = place.app { session = try app.connect() }
    defer { session?.close() }
    for (index, stop) in stops.enumerated() {
      stopIfSignalled()
      if showsProgress { context.err("[\(index + 1)/\(stops.count)] \(stop.name)\n") }
      var screen: String?
      var state: String?
      var picture: [UInt8]?
      var settle: SettleOutcome?
      do {
        if var kept = session {
          let open = AppSession.openRequest(
            stop.url, timeoutMilliseconds: context.options.timeoutMilliseconds)
          let reply = try place.app!.warnAboutVersion(&kept) { (s: inout AppSession) throws(ClientFailure) in
            try s.request(open)
          }
          session = kept
          guard let applied = reply["state"], let text = applied["screen"]?.stringValue else {
            throw ClientFailure.badReply("the app acknowledged \(stop.url) without its state")
          }
          screen = text
          state = applied.pretty + "\n"
        } else if let device = place.device {
          try context.devices.deliver(stop.url, to: device, runner: context.devices.toolRunner())
        }
        if let settle = place.settle, HeldSignals.pause(milliseconds: Int(settle * 1000)) {
          stopIfSignalled()
        }
        if let device = place.device {
          let shot = try context.devices.settledScreenshot(of: device, settling: request.settling)
          picture = shot.screenshot.png
          settle = shot.outcome
          if shot.outcome.settled == false {
            context.err(
              "\(context.tool.name): tour: \(stop.name): the screen "
                + shot.outcome.notSettled(request.settling)
                + "; its last picture is kept, marked \"settled\": false in \(TourRecording.manifestName)\n")
          }
        }
      } catch {
        let failure = error.commandFailure
        throw BatchFailure(
          line: nil, kind: failure.kind, exitCode: failure.exitCode,
          reason: "\(stop.name) (\(stop.url)): \(failure.message(for: context.tool))")
      }
      let stem = TourRecording.fileStem(number: index + 1, of: stops.count, name: stop.name)
      var entry = TourEntry(
        name: stop.name, url: stop.url, command: stop.command(tool: context.tool.name),
        screenFile: screen.map { _ in stem + ".txt" },
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
      if context.options.json {
        var line = entry.manifestJSON.objectValue ?? []
        line.insert(JSON.Member("step", .int(index + 1)), at: 0)
        if let item = items.last, recording != nil {
          line.append(JSON.Member("status", .string(item.status.word)))
          if let summary = item.picture?.summary, item.picture?.matches == false {
            line.append(JSON.Member("pictureDifference", .string(summary)))
          }
        }
        try context.write(JSON.object(line).serialized + "\n")
      }
    }
    session?.close()
    session = nil
    stopIfSignalled()
    restoreStatusBar()

    // Write.
    var tour = TourRecording(table: context.table.version, scenario: request.scenario, entries: entries)
    tour.device = place.deviceLabel
    tour.settle = place.settle
    if place.device != nil { tour.settleTimeout = request.settling.timeout ?? Settling.defaultTimeout }
    let comparison = recording.map { TourComparison(items: items, recorded: $0.entries) }
    try writeTour(tour, comparison: comparison, recordingPath: request.check, to: output, in: context)

    guard let comparison, let check = request.check else {
      try context.write(
        context.options.json
          ? "" : "recorded \(entries.count) screens in \(output); see \(output)/\(TourRecording.pageName)\n")
      return
    }
    let differences = comparison.differences
    if !context.options.json {
      for item in differences {
        context.err(report(item, recordingPath: check, outputPath: output, tool: context.tool.name))
      }
    } else {
      for item in differences where item.status == .missing {
        try context.write(
          JSON.object([("name", .string(item.name)), ("status", .string(item.status.word))]).serialized + "\n"
        )
      }
    }
    guard differences.isEmpty else {
      throw TourFailure.differences(
        "\(differences.count) of \(comparison.items.count) entries differ from the recording in \(check) "
          + "(\(comparison.summary)); this tour and its report: \(output)/\(TourRecording.pageName)")
    }
    try context.write(
      context.options.json
        ? ""
        : "all \(entries.count) screens match the recording in \(check); this tour: "
          + "\(output)/\(TourRecording.pageName)\n")
  }

  /// One difference, for stderr from `tool`: what it is, and for a changed screen or state its
  /// unified diff.
  func report(_ item: TourComparison.Item, recordingPath: String, outputPath: String, tool: String) -> String
  {
    let prefix = "\(tool): tour: "
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
  func prepareTourOutput(in context: CommandContext) throws -> String {
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
  /// manifest names them.
  func writeTour(
    _ tour: TourRecording, comparison: TourComparison?, recordingPath: String?, to path: String,
    in context: CommandContext
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
    try put(Array(tour.manifest(tool: context.tool.name).utf8), TourRecording.manifestName)
    let page = TourPage.html(
      entries: tour.entries, table: tour.table, tool: context.tool.name, comparison: comparison,
      recordingPath: recordingPath,
      device: tour.device, settle: tour.settle, settleTimeout: tour.settleTimeout)
    try put(Array(page.utf8), TourRecording.pageName)
  }

  /// What a tour refuses before anything runs, `--dry-run` included: a connected iPhone or
  /// iPad (devicectl takes no screenshot, and its app cannot acknowledge); Android without
  /// `--settle` (its app cannot acknowledge); `--settle` and `--keep-status-bar` on the app
  /// target (no pictures), `--keep-status-bar` on Android (no status bar is set there).
  func checkTourOptions(target: DeliveryTarget) throws {
    switch target.kind {
    case .device:
      throw DeviceFailure.wrongTarget(Self.name, target, expected: "the app, simulator and android targets")
    case .android where request.settle == nil: throw DeviceFailure.unacknowledgedTour(target)
    default: break
    }
    if target == .app, request.settle != nil {
      throw UsageError.invalidUse(
        TourCommand.settleFlag
          + " waits before each picture, and the app target has no pixels; give --target "
          + "simulator or --target android to record pictures", hint: nil)
    }
    if target == .app, request.settling.timeout != nil {
      throw UsageError.invalidUse(
        Settling.timeoutFlag
          + " is how long each picture waits for the screen to settle, and the app target has no pixels; "
          + "give --target simulator or --target android to record pictures", hint: nil)
    }
    if target == .app, request.settling.tolerance != nil, request.check == nil {
      throw UsageError.invalidUse(
        Settling.toleranceFlag
          + " compares pictures (in a check, and two screenshots in a row), and the app target records "
          + "none; give --target simulator or --target android, or --check <dir>", hint: nil)
    }
    if target.kind != .simulator, request.keepStatusBar {
      throw UsageError.invalidUse(
        TourCommand.keepStatusBarFlag
          + " is for a simulator target, whose status bar a tour sets; not --target \(target.text)",
        hint: nil)
    }
  }

  /// Where the tour goes: the app target as every command reaches it; a simulator through its
  /// app's agent when one answers (``findAgent(udid:options:)``), its pictures by
  /// `simctl io`; a simulator with no agent, or an Android device, only with `--settle`.
  ///
  /// - Throws: ``DeviceFailure/unacknowledgedTour(_:)`` on a device whose app cannot
  ///   acknowledge, without `--settle`; what choosing the device throws.
  func tourTarget(in context: CommandContext) throws -> TourTarget {
    let target = try context.devices.target()
    try checkTourOptions(target: target)
    switch target {
    case .app:
      _ = try context.devices.simulatorDevice()  // --bundle-id without a simulator: 64
      return TourTarget(app: context.app, device: nil, settle: nil, overridesStatusBar: false)
    case .simulator(let device):
      let (udid, resolved) = try context.devices.simulatorUDID(device)
      let agent = try context.devices.findAgent(udid: udid)
      guard agent != nil || request.settle != nil else { throw DeviceFailure.unacknowledgedTour(target) }
      let simulator = resolved ?? ResolvedDevice(kind: .simulator, id: udid, name: udid)
      return TourTarget(
        app: agent.map { context.aimed(at: $0.socket).app }, device: simulator,
        deviceLabel: resolved?.description ?? "simulator \(udid)", settle: request.settle,
        overridesStatusBar: !request.keepStatusBar)
    case .android, .device:  // a device, and Android without --settle: refused above
      _ = try context.devices.simulatorDevice()
      let device = try context.devices.resolve(target, runner: context.devices.toolRunner())
      return TourTarget(
        app: nil, device: device, deviceLabel: device.description, settle: request.settle,
        overridesStatusBar: false)
    }
  }

  /// Refuses (64) to check `recording` where it cannot match: pictures recorded and none to
  /// take now, or the other way round; screen texts recorded and no acknowledging app now
  /// (`--settle` without an agent), or the other way round. Every entry would differ, and the
  /// fix is the target the recording was made with.
  func checkRecordingFits(
    _ recording: TourRecording, at path: String, _ place: TourTarget, in context: CommandContext
  )
    throws
  {
    let target = try context.devices.target()
    let recordedPictures = recording.entries.contains { $0.pictureFile != nil }
    let recordedScreens = recording.entries.contains { $0.screenFile != nil }
    let recordedOn = recording.device.map { "on \($0)" } ?? "on the app target"
    let problem: String? =
      if recordedPictures, place.device == nil {
        "has a picture of each screen (recorded \(recordedOn)), and --target \(target.text) takes none; "
          + "check it with the --target it was recorded with"
      } else if !recordedPictures, place.device != nil {
        "has no pictures (recorded \(recordedOn)), and --target \(target.text) takes one of each screen; "
          + "check it on the target it was recorded on, or record a tour on \(target.text) first"
      } else if recordedScreens, place.app == nil {
        "has each screen's text, which only an app that acknowledges gives, and no app's deeplink agent "
          + "answers on --target \(target.text); "
          + (target.kind == .simulator
            ? "start the app with its agent (\(context.tool.name) launch --target \(target.text) --bundle-id <id>)"
            : "check it with the --target it was recorded with")
      } else if !recordedScreens, place.app != nil {
        "has no screen text (recorded \(recordedOn) with \(TourCommand.settleFlag) and no agent), and "
          + "the app on --target \(target.text) now acknowledges; record the tour again with --out"
      } else {
        nil
      }
    guard let problem else { return }
    throw UsageError.invalidUse("the recording in \(path) \(problem)", hint: nil)
  }
}
