package import DeepLinkRoutes
package import DeepLinkWire

extension CompletionCallback {
  /// How long the callback may take, connecting included, before it gives up and prints
  /// nothing: well inside the 200 ms a Tab may cost. ``budgetVariable`` changes it.
  package static let budgetMilliseconds = 150

  /// `DEEPLINK_COMPLETION_TIMEOUT_MS`: how long a Tab waits for what it asks (the app's live
  /// values, the device tools' lists), for an app or tool that answers slowly (a loaded CI
  /// machine, an app busy at start-up). A value that is not a whole number of milliseconds
  /// from 1 to 600,000 is ignored: a Tab prints no error.
  package static let budgetVariable = EnvironmentVariable(
    "DEEPLINK_COMPLETION_TIMEOUT_MS",
    summary: "How long a Tab waits for live values, in milliseconds (150 for the app, 500 for device tools)")

  /// `HOME`: where a `~/` in the query's socket path points.
  package static let homeVariable = EnvironmentVariable(
    "HOME", summary: "Where a leading ~/ of a --socket path points, when completing")
  /// Every environment variable ``lines(_:table:environment:)`` reads.
  package static let environmentVariables =
    SocketPath.environmentVariables + [
      homeVariable, budgetVariable, DeliveryTarget.variable, DeviceBridge.bundleIDVariable,
    ]

  /// The lines to print for `deeplink __complete ARGUMENTS`, asking the app on its socket.
  ///
  /// The socket is the query's (the `--socket` on the line being completed, `~/` expanded),
  /// else `DEEPLINK_SOCKET`, else the simulator app's agent that `DEEPLINK_TARGET` and
  /// `DEEPLINK_BUNDLE_ID` name (``simulatorAgentSocket(environment:)``), else the default path,
  /// as for every command. No app, a slow app or a wrong reply all give no lines.
  ///
  /// - Parameters:
  ///   - arguments: the words after `__complete`.
  ///   - environment: the variables of ``environmentVariables`` are read.
  package static func lines(
    _ arguments: [String], table: RouteTable, environment: [String: String]
  ) -> [String] {
    lines(arguments, table: table) { query in
      fetch(query, environment: environment)
    }
  }

  /// Asks the app for `query`'s values, by `deadline` (`nil`: within the budget from now).
  static func fetch(_ query: Query, environment: [String: String], deadline: Deadline? = nil) -> [Value] {
    let deadline =
      deadline
      ?? Deadline.after(milliseconds: budget(environment[budgetVariable.name], default: budgetMilliseconds))
    let explicit = query.socket.map { expandingTilde($0, home: environment[homeVariable.name]) }
    let path =
      (explicit == nil ? simulatorAgentSocket(environment: environment) : nil)
      ?? SocketPath.resolve(explicit: explicit, environment: environment)
    let request = Request.values(route: query.route, parameter: query.parameter)
    guard let client = try? LineClient.connect(path: path, deadline: deadline) else { return [] }
    defer { client.close() }
    guard let line = try? client.request(request.line, deadline: deadline) else { return [] }
    return values(fromReply: line)
  }

  /// The socket of the simulator app's agent named by `DEEPLINK_TARGET` (a simulator by its
  /// UDID: no `xcrun` runs within a Tab's budget) and `DEEPLINK_BUNDLE_ID`, when both do and
  /// `DEEPLINK_SOCKET` is not set: the path the agent listens on (`SimulatorSocket`).
  static func simulatorAgentSocket(environment: [String: String]) -> String? {
    guard environment[SocketPath.socketVariable.name]?.isEmpty ?? true,
      let text = environment[DeliveryTarget.variable.name],
      case .simulator(let device?)? = DeliveryTarget(parsing: text), SimulatorDevice.looksLikeUDID(device),
      let bundleID = environment[DeviceBridge.bundleIDVariable.name],
      (try? BundleIdentifier.validate(bundleID)) != nil
    else { return nil }
    return SimulatorSocket.path(udid: device, bundleID: bundleID)
  }

  /// The budget `value` of ``budgetVariable`` asks for, else `default`.
  package static func budget(_ value: String?, default: Int) -> Int {
    guard let value, value.utf8.count <= 6, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let milliseconds = Int(value), (1...600_000).contains(milliseconds)
    else { return `default` }
    return milliseconds
  }

  /// The values of a `values` reply line; none unless it is `ok` with a `values` array.
  static func values(fromReply line: [UInt8]) -> [Value] {
    guard let reply = try? JSON.parse(line), reply["ok"]?.boolValue == true,
      let values = reply["values"]?.arrayValue
    else { return [] }
    return values.compactMap { item in
      guard let value = item["value"]?.stringValue else { return nil }
      return Value(value, item["description"]?.stringValue ?? "")
    }
  }

  /// `~/x` as `$HOME/x`, `~` as `$HOME`: shells leave a quoted tilde to us. Anything else as it is.
  static func expandingTilde(_ path: String, home: String?) -> String {
    guard let home, !home.isEmpty else { return path }
    // Bytes, not `Character`s: `~/` followed by a combining mark is still `~/`.
    if path.utf8.elementsEqual("~".utf8) { return home }
    guard path.utf8.starts(with: "~/".utf8) else { return path }
    return (home.utf8.last == UInt8(ascii: "/") ? String(home.dropLast()) : home) + "/"
      + String(decoding: path.utf8.dropFirst(2), as: UTF8.self)
  }
}
