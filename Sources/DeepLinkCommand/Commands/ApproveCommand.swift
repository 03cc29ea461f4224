import DeepLinkRoutes
import DeepLinkWire

/// `deeplink approve`: Let a simulator open the links in an app without asking.
struct ApproveCommand: ToolCommand, Equatable {
  static let name = "approve"
  static let synopsis = "--bundle-id <id>"
  static let summary = "Let a simulator open the links in an app without asking"

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    "Pre-approves the table's scheme for the app with this bundle id on a simulator, so that "
      + "links open without the \"Open in <App>?\" prompt: runs xcrun simctl spawn <UDID> "
      + "defaults write com.apple.launchservices.schemeapproval "
      + "\"com.apple.CoreSimulator.CoreSimulatorBridge--><scheme>\" -string <id>. The target is "
      + "the one booted simulator unless --target (or DEEPLINK_TARGET) names one."
  }

  static var options: [CommandOption] {
    [
      CommandOption(.bundleID, help: "The app's bundle identifier"),
      CommandOption(.target, help: "The simulator (default: the one booted)"),
    ]
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    return [
      (
        "\(tool.name) approve --bundle-id \(tool.exampleBundleID)",
        "\(table.scheme):// links open in that app on the booted simulator without asking"
      )
    ]
  }

  init() {}

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {}

  /// `deeplink approve --bundle-id ID`: pre-approves the table's scheme for that app (the
  /// bundle id as every simulator command finds it, ``bundleID(_:)``) on a simulator (the one
  /// booted unless `--target` or `DEEPLINK_TARGET` names one).
  func run(in context: CommandContext) throws {
    var target = try context.devices.target()
    if target == .app && context.options.target == nil { target = .simulator(device: nil) }
    guard case .simulator(let device) = target else {
      throw DeviceFailure.wrongTarget(
        Self.name, target, expected: "simulator targets (simulator or simulator:DEVICE)")
    }
    let bundleID = try context.devices.requiredBundleID(for: Self.name)
    if context.options.dryRun {
      var commands: [[String]] = []
      var udid = DeviceBridge.udidPlaceholder
      if let device, SimulatorDevice.looksLikeUDID(device) {
        udid = device
      } else {
        commands.append(["xcrun"] + SimulatorDevice.listArguments)
      }
      commands.append(
        ["xcrun"] + SimulatorCommands.approve(scheme: context.table.scheme, bundleID: bundleID, udid: udid))
      try context.write(commands.map(DeviceBridge.printable).joined(separator: "\n") + "\n")
      return
    }
    let runner = context.devices.programRunner()
    let chosen = try context.devices.resolve(target, runner: runner)
    try context.devices.runSimctl(
      SimulatorCommands.approve(scheme: context.table.scheme, bundleID: bundleID, udid: chosen.id),
      on: chosen, runner: runner)
    guard !context.options.quiet else { return }
    if context.options.json {
      let object = JSON.object([
        ("approved", .bool(true)), ("scheme", .string(context.table.scheme)), ("bundleId", .string(bundleID)),
        ("target", .string(chosen.target.text)), ("name", .string(chosen.name)), ("id", .string(chosen.id)),
      ])
      try context.write(object.serialized + "\n")
    } else {
      try context.write(
        "approved \(context.table.scheme):// links for \(bundleID) on \(chosen.description): they open without "
          + "the \"Open in\" prompt\n")
    }
  }
}
