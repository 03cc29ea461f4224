import DeepLinkRoutes
import DeepLinkWire

extension DeepLinkTool {
  /// The longest message `deeplink mcp` reads: 1 MiB, far beyond any tool call (a link's
  /// request is at most 64 KiB) and small enough that a runaway client costs little.
  static let maximumMcpLineLength = 1 << 20

  /// `deeplink mcp`: answers MCP messages on standard input, one per line, on standard output,
  /// until the input ends (then returns: exit 0). Nothing but protocol messages goes to
  /// standard output.
  ///
  /// - Throws: ``ClientFailure/output(_:)`` when standard output cannot be written, and
  ///   ``ClientFailure/input(_:)`` when standard input cannot be read.
  func serveMcp(_ options: GlobalOptions, pictures: ResolvedDevice? = nil, settling: Settling = Settling())
    throws(ClientFailure)
  {
    let target = try target(options)
    if settling.isGiven, target == .app {
      throw .usage(
        (settling.timeout != nil ? BuiltInCommand.settleTimeoutFlag : BuiltInCommand.toleranceFlag)
          + " is for pictures of a simulator or an Android device, and the app target has no pixels; "
          + "give --target simulator or --target android", hint: nil)
    }
    let delivery = TargetDelivery(
      tool: self, options: options, target: target, pictureDevice: pictures, settling: settling)
    let toolbox = McpToolbox(table: table, delivery: delivery)
    var session = McpSession(toolbox: toolbox)
    var reader = McpLineReader(maximumLength: Self.maximumMcpLineLength)
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count: Int
      do {
        count = try StreamReader.read(from: 0, into: &chunk)
      } catch {
        throw .input(error)
      }
      let lines = count == 0 ? reader.finish().map { [$0] } ?? [] : reader.lines(in: chunk[..<count])
      try answer(lines, in: &session)
      if count == 0 { return }
    }
  }

  /// The device whose screen `mcp --pictures` shows with each route tool's result: the
  /// simulator or Android device of the target, chosen once for the session; `nil` with
  /// `--dry-run`, which takes no pictures.
  ///
  /// - Throws: 64 on the app target, which has no pixels; what choosing the device throws.
  func pictureDevice(_ options: GlobalOptions) throws(ClientFailure) -> ResolvedDevice? {
    guard !options.dryRun else { return nil }
    let target = try target(options)
    switch target {
    case .app:
      throw .usage(
        "--pictures shows the screen of a simulator or an Android device, and the app target has no "
          + "pixels; give --target simulator or --target android", hint: nil)
    case .simulator(let device):
      let (udid, resolved) = try simulatorUDID(device, options: options)
      return resolved ?? ResolvedDevice(kind: .simulator, id: udid, name: udid)
    case .device:
      throw .device(.wrongTarget(.mcp, target, expected: "simulator and android targets for --pictures"))
    case .android:
      return try resolve(target, runner: toolRunner(options))
    }
  }

  /// Answers `lines`, received together, and writes the answers in one write.
  private func answer(_ lines: [McpLineReader.Line], in session: inout McpSession) throws(ClientFailure) {
    var output: [JSON] = []
    var messages: [ArraySlice<UInt8>] = []
    for line in lines {
      switch line {
      case .message(let bytes):
        messages.append(bytes)
      case .tooLong:
        output += session.replies(to: messages)
        messages = []
        output.append(
          JSONRPCMessage.response(
            id: .null,
            error: .invalidRequest(
              "the message is longer than \(Self.maximumMcpLineLength) bytes; it was dropped")))
      }
    }
    output += session.replies(to: messages)
    guard !output.isEmpty else { return }
    var bytes: [UInt8] = []
    for response in output {
      response.serialize(into: &bytes)
      bytes.append(UInt8(ascii: "\n"))
    }
    try write(bytes)
  }
}

/// The target of every other command (`--target`, `DEEPLINK_TARGET`, else the app), reached
/// through the same functions as `deeplink <route>`, `state` and `screen`.
struct TargetDelivery: LinkDelivery {
  let tool: DeepLinkTool
  let options: GlobalOptions
  let target: DeliveryTarget
  /// With `--pictures`: the device whose screen each route tool's result shows.
  var pictureDevice: ResolvedDevice? = nil
  /// How each picture waits for the screen to stop changing.
  var settling = Settling()
  /// One connection to the app for the whole session.
  let connection = AppConnection()

  var acknowledges: Bool { target == .app && !options.dryRun }

  func open(_ link: Link) throws(ClientFailure) -> LinkOutcome {
    let url = tool.table.url(for: link)
    if options.dryRun {
      return .delivered(
        report: "would run: "
          + tool.plannedCommands([url], to: target, options: options).joined(separator: "; "))
    }
    guard target == .app else {
      let runner = tool.toolRunner(options)
      let device = try tool.resolve(target, runner: runner)
      try tool.deliver(url, to: device, runner: runner, options: options)
      return .delivered(
        report: "delivered \(url) to \(device.description); " + DeepLinkTool.unacknowledged(device.kind))
    }
    // As `deeplink <route>` sends it (DeepLinkTool.send), over the session's connection. Its
    // length was checked with the longest deadline (McpToolbox.open), for every target.
    let request = AppSession.openRequest(url, timeoutMilliseconds: options.timeoutMilliseconds)
    let reply = try connection.request(request, tool: tool, options: options)
    guard let state = reply["state"] else {
      throw .badReply("the app acknowledged the link without its state")
    }
    return .applied(state: state)
  }

  func state() throws(ClientFailure) -> JSON {
    try tool.requireApp(for: .state, options)
    guard let state = try connection.request(.state, tool: tool, options: options)["state"] else {
      throw .badReply("no state in the reply")
    }
    return state
  }

  var takesScreenshots: Bool { target != .app && !options.dryRun }

  /// A picture of the target's screen once it stopped changing, as `screen --png` takes it.
  func screenshot() throws(ClientFailure) -> McpScreenshot {
    let (_, shot) = try tool.settledScreenshot(of: target, settling: settling, options: options)
    return McpScreenshot(png: shot.screenshot.png, note: note(shot.outcome))
  }

  var takesPictures: Bool { pictureDevice != nil && !options.dryRun }

  /// A picture of the screen for a model (``McpPicture``), once it stopped changing.
  func picture() throws(ClientFailure) -> McpScreenshot {
    guard let device = pictureDevice else { return McpScreenshot(png: [], note: nil) }
    let shot = try tool.settledScreenshot(of: device, settling: settling, options: options)
    return McpScreenshot(png: try McpPicture.forModel(shot.screenshot), note: note(shot.outcome))
  }

  /// What a result says of a picture whose screen did not settle; `nil` for one that did.
  private func note(_ outcome: SettleOutcome) -> String? {
    guard outcome.settled == false else { return nil }
    return "the screen " + outcome.notSettled(settling)
      + ": the picture is the last, and may show it changing"
  }

  func screen() throws(ClientFailure) -> String {
    try tool.requireApp(for: .screen, options)
    guard let screen = try connection.request(.screen, tool: tool, options: options)["screen"]?.stringValue
    else {
      throw .badReply("no screen in the reply")
    }
    return screen
  }
}

/// The connection to the app that `deeplink mcp` keeps from one tool call to the next: a call
/// then costs a request and its reply, not a connection too (`make bench`, section 9).
///
/// The app closes a connection that stays idle (10 s) and a restarted app has a new socket:
/// a request that finds its kept connection closed is sent once more on a new one. That is
/// safe: the app never applied a request on a connection it closed before reading it, and a
/// link describes a whole state, so applying it twice gives the same state. After any other
/// failure (a time-out, a reply that is not the app's) the connection is dropped, so that a
/// late reply is never read as the answer to the next request.
final class AppConnection {
  private var session: AppSession?

  deinit { session?.close() }

  /// Sends `request` and returns the app's reply, checked as every command checks it.
  func request(_ request: Request, tool: DeepLinkTool, options: GlobalOptions) throws(ClientFailure) -> JSON {
    if var kept = session {
      session = nil
      do {
        let reply = try tool.warnAboutVersion(&kept) { (s: inout AppSession) throws(ClientFailure) in
          try s.request(request)
        }
        session = kept
        return reply
      } catch .socket(.connectionClosed) {
        kept.close()
      } catch {
        keep(kept, after: error)
        throw error
      }
    }
    var fresh = try tool.connect(options)
    do {
      let reply = try tool.warnAboutVersion(&fresh) { (s: inout AppSession) throws(ClientFailure) in
        try s.request(request)
      }
      session = fresh
      return reply
    } catch {
      keep(fresh, after: error)
      throw error
    }
  }

  /// Keeps `session` after a request the app answered with an error; closes it otherwise.
  private func keep(_ session: AppSession, after error: ClientFailure) {
    if case .rejected = error {
      self.session = session
    } else {
      session.close()
    }
  }
}
