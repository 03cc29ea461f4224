import DeepLinkRoutes
import DeepLinkWire

/// `deeplink targets`: List the app, simulators, iPhones and Android devices to send links to.
struct TargetsCommand: ToolCommand, Equatable {
  static let name = "targets"
  static let synopsis = "[--json]"
  static let summary = "List the app, simulators, iPhones and Android devices to send links to"

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    "Lists what links can go to now, each with the --target value that selects it: the app if "
      + "one answers on the socket, the booted iOS Simulators (through xcrun simctl) and each app "
      + "whose agent answers there, the iPhones and iPads that can be reached (through xcrun "
      + "devicectl) and the Android emulators and devices ready for commands (through adb). A tool "
      + "that is not installed lists nothing. With --json, an array of objects with 'target', "
      + "'kind' (app, simulator, device, android), 'name' and 'id' (the socket, UDID, device "
      + "identifier or serial). On a simulator, the "
      + "first link of a custom scheme stops at an \"Open in <App>?\" prompt while simctl reports "
      + "success: run '\(tool.name) approve --bundle-id <id>' once per simulator."
  }

  static var options: [CommandOption] {
    [CommandOption(.json, help: "Print the targets as a JSON array")]
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    return [
      ("\(tool.name) targets", "lists the app, booted simulators and attached Android devices"),
      ("\(tool.name) targets --json", "the same, for machines"),
    ]
  }

  init() {}

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {}

  /// `deeplink targets [--json]`.
  func run(in context: CommandContext) throws {
    let runner = context.devices.programRunner()
    var listing = TargetListing.discover(
      socket: context.socketPath, tool: context.tool, runner: { runner })
    // Each app whose agent answers on one of the booted simulators listed, after them.
    let booted = Set(listing.entries.filter { $0.kind == .simulator }.map { $0.id.uppercased() })
    let agents =
      booted.isEmpty
      ? []
      : SimulatorAgent.discover(table: context.table).filter { booted.contains($0.udid.uppercased()) }.map(
        TargetListing.Entry.init(agent:))
    let end = listing.entries.lastIndex { $0.kind == .simulator }.map { $0 + 1 } ?? listing.entries.count
    listing.entries.insert(contentsOf: agents, at: end)
    for note in listing.notes {
      context.err(
        "\(context.tool.name): note: " + ControlCharacters.escaped(note, keepingNewlines: true) + "\n")
    }
    guard !context.options.quiet else { return }
    try context.write(
      context.options.json
        ? JSON.array(listing.entries.map(\.json)).pretty + "\n" : CommandContext.visible(listing.text))
  }
}
