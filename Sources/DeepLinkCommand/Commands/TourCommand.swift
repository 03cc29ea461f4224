import DeepLinkRoutes
import DeepLinkWire
import Pictures

/// `deeplink tour`: Record every screen, or check them against a recording.
struct TourCommand: ToolCommand, Equatable {
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
    try request.checkOptions(on: try context.devices.target())
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
    let place = try TourTarget(for: request, in: context)
    if let recording, let check = request.check {
      try place.checkFits(recording, at: check, in: context)
    }
    let output = try TourOutput.prepare(for: request)

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
          try context.devices.deliver(stop.url, to: device, runner: context.devices.programRunner())
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
    try TourOutput.write(
      tour, comparison: comparison, recordingPath: request.check, to: output, tool: context.tool.name)

    guard let comparison, let check = request.check else {
      try context.write(
        context.options.json
          ? "" : "recorded \(entries.count) screens in \(output); see \(output)/\(TourRecording.pageName)\n")
      return
    }
    let differences = comparison.differences
    if !context.options.json {
      for item in differences {
        context.err(item.report(recordingPath: check, outputPath: output, tool: context.tool.name))
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
}
