import DeepLinkRoutes
import DeepLinkWire

/// `deeplink screen`: Print the app's current screen.
struct ScreenCommand: ToolCommand, Equatable {
  static let name = "screen"
  static let synopsis = "[--png <file>]"
  static let summary = "Print the app's current screen"

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    "Asks the running app for its visible screen, as text: the headless stand-in for a "
      + "screenshot. With a simulator or android --target, --png <file> saves a real "
      + "screenshot instead (xcrun simctl io <UDID> screenshot; adb exec-out screencap -p), "
      + "taken once the screen stopped changing: screenshots until two in a row match within "
      + "--tolerance, for at most --settle-timeout seconds (default "
      + "\(GlobalOption.formatted(Settling.defaultTimeout))); one that never settles is saved all the same, "
      + "with a warning. The text screen needs the app's agent, which a device target does not have."
  }

  static var options: [CommandOption] {
    [
      CommandOption(
        Self.pngFlag, .path, placeholder: "file",
        help: "Save a screenshot of a simulator or Android device, once the screen stopped changing"),
      Settling.timeoutOption, Settling.toleranceOption,
    ]
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    return [
      ("\(tool.name) screen", "prints what the app shows"),
      (
        "\(tool.name) --target simulator screen --png shot.png",
        "saves a screenshot of the booted simulator"
      ),
    ]
  }

  /// `--png <file>`.
  static let pngFlag = "--png"

  /// `--png FILE`: a screenshot of a simulator or Android device, saved there; `nil` for the
  /// app's text screen.
  let png: String?
  /// How the screenshot waits for the screen to stop changing.
  let settling: Settling

  init(png: String? = nil, settling: Settling = Settling()) {
    self.png = png
    self.settling = settling
  }

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {
    settling = try arguments.settling()
    guard let path = arguments.values[Self.pngFlag] else {
      if settling.isGiven {
        throw .missingArgument(
          Self.name,
          what:
            "--png <file> with \(settling.timeout != nil ? Settling.timeoutFlag : Settling.toleranceFlag), "
            + "which applies to a screenshot")
      }
      png = nil
      return
    }
    guard !path.isEmpty else {
      throw .invalidValue(option: Self.pngFlag, value: path, expected: "a file path", in: .command(Self.name))
    }
    png = path
  }

  func run(in context: CommandContext) throws {
    if let png {
      try saveScreenshot(to: png, in: context)
      return
    }
    let context = try context.devices.routed().context
    try context.devices.requireApp(for: Self.name)
    let screen = try context.app.screen()
    try context.write(
      context.options.json
        ? JSON.object([("screen", .string(screen))]).pretty + "\n" : CommandContext.visible(screen))
  }

  /// `deeplink screen --png FILE` on a simulator or Android target: `xcrun simctl io <UDID>
  /// screenshot`, or `adb -s SERIAL exec-out screencap -p`, until two in a row match
  /// (``Settling``), the last written to FILE. The picture counterpart of the headless app's
  /// text screen. A screen that never settled is saved all the same, with a warning.
  func saveScreenshot(to path: String, in context: CommandContext) throws {
    let target = try context.devices.target()
    guard target != .app else { throw DeviceFailure.noPixels }
    try context.devices.requireScreenshotTarget(target)
    if context.options.dryRun {
      let commands: [String]
      switch target {
      case .simulator(let device):
        let udid = device.flatMap { SimulatorDevice.looksLikeUDID($0) ? $0 : nil }
        commands =
          (udid == nil ? [DeviceBridge.printable(["xcrun"] + SimulatorDevice.listArguments)] : [])
          + [
            DeviceBridge.printable(
              ["xcrun"] + SimulatorCommands.screenshot(udid: udid ?? DeviceBridge.udidPlaceholder, to: path))
          ]
      default:
        let serial: String? =
          if case .android(let serial) = target { serial ?? context.devices.androidSerial } else { nil }
        commands =
          (serial == nil ? [DeviceBridge.printable(["adb"] + AndroidDevice.listArguments)] : [])
          + [
            DeviceBridge.printable(
              ["adb"] + AndroidCommands.screencap(serial: serial ?? DeviceBridge.serialPlaceholder))
              + " > " + ShellQuoting.quote(path)
          ]
      }
      try context.write(commands.joined(separator: "\n") + "\n")
      return
    }
    let (device, shot) = try context.devices.settledScreenshot(of: target, settling: settling)
    do throws(Errno) {
      try BinaryFile.write(shot.screenshot.png, to: path)
    } catch {
      throw DeviceFailure.cannotWrite(path, error)
    }
    if shot.outcome.settled == false {
      context.err(
        "\(context.tool.name): warning: the screen of \(device.description) "
          + shot.outcome.notSettled(settling) + "; \(path) holds the last\n")
    }
    if !context.options.quiet {
      try context.write("saved a screenshot of \(device.description) to \(path)\n")
    }
  }
}

extension ScreenCommand: McpToolCommand {
  static var mcpTools: [McpTool] { [.screen, .screenshot] }
}

extension McpTool {
  /// `screen`: the app's screen, as `deeplink screen` prints it; changes nothing.
  static let screen = McpTool(
    command: ScreenCommand.self, title: "Read the app's screen", effect: .readsOnly, needs: .acknowledgement,
    outputSchema: McpToolSchema.screen,
    input: { _, _ in McpToolSchema.object(properties: []) },
    describe: { _, _ in "The app's visible screen as text. Changes nothing." },
    call: { call throws(McpToolCallError) in
      try call.reject(of: ScreenCommand.name, takes: [])
      let screen: String
      do { screen = try call.target.screen() } catch { throw .failure(error.commandFailure) }
      return McpServedTools.success(
        text: CommandContext.visible(screen), structured: .object([("screen", .string(screen))]))
    })

  /// `screenshot`: a PNG of a simulator's or device's screen, as `deeplink screen --png`
  /// takes it; changes nothing.
  static let screenshot = McpTool(
    name: "screenshot", title: "Take a screenshot", effect: .readsOnly, needs: .screenshots,
    input: { _, _ in McpToolSchema.noArguments },
    describe: { _, _ in
      "A PNG image of the simulator's or device's screen, taken as `deeplink screen --png` "
        + "takes it (xcrun simctl io <UDID> screenshot; adb exec-out screencap -p). Changes nothing."
    },
    call: { call throws(McpToolCallError) in
      try call.reject(of: ScreenCommand.name, takes: [])
      let shot: McpScreenshot
      do { shot = try call.target.screenshot() } catch { throw .failure(error.commandFailure) }
      return McpServedTools.success(
        content: [McpServedTools.image(shot.png)] + (shot.note.map { [McpServedTools.text($0)] } ?? []))
    })
}
