import DeepLinkRoutes
import DeepLinkWire

/// The arguments of the `launch` tool of `deeplink mcp`, read into the ``SimulatorLaunch``
/// that `deeplink launch` runs: each checked as the command line checks `--relaunch`, `--env`,
/// `--arg` and a route's options, before anything runs.
///
///     try McpLaunchInput.launch(
///       [("env", .array([.string("API_URL=http://x")])), ("route", .string("recipe")),
///        ("arguments", .object([("id", .int(42))]))], table: .recipeSample)
///     // SimulatorLaunch(variables: [API_URL=http://x], link: debug://recipe?id=42)
enum McpLaunchInput {
  /// The arguments' names, as ``McpToolSchema/launchInput`` declares them.
  static let relaunch = "relaunch"
  static let environment = "env"
  static let arguments = "args"
  static let route = McpOpenInput.route
  static let routeArguments = McpOpenInput.arguments

  /// The launch `arguments` ask for.
  ///
  /// - Throws: the first mistake, as a tool error: an unknown argument, a value of the wrong
  ///   kind, a variable that is not NAME=VALUE with a portable name, a NUL, an unknown route,
  ///   a wrong argument of the route, route arguments without a route.
  static func launch(_ arguments: [(String, JSON)], table: RouteTable) throws(McpToolCallError)
    -> SimulatorLaunch
  {
    let known = [relaunch, environment, Self.arguments, route, routeArguments]
    try McpServedTools.reject(
      arguments.filter { !known.contains($0.0) }, of: LaunchCommand.name, takes: known)
    func value(_ name: String) -> JSON? {
      arguments.last { $0.0 == name && $0.1 != .null }?.1
    }
    var launch = SimulatorLaunch()
    if let flag = value(relaunch) {
      guard let flag = flag.boolValue else {
        throw .arguments(.notAValue(name: relaunch, kind: flag.kindName, expected: "true or false"))
      }
      launch.relaunch = flag
    }
    let assignments = try strings(environment, value(environment), of: "NAME=VALUE strings")
    launch.arguments = try strings(Self.arguments, value(Self.arguments), of: "strings")
    do throws(LaunchInputError) {
      launch.variables = try assignments.map(LaunchVariable.parse)
      for (index, argument) in launch.arguments.enumerated() {
        try LaunchVariable.checkArgument(argument, index: index + 1)
      }
    } catch {
      throw .usage(.launchInput(error))
    }
    let given = value(routeArguments)
    guard let name = value(route) else {
      guard given == nil else {
        throw .usage(
          .invalidUse(
            "'\(routeArguments)' are a route's arguments: give 'route' too, such as "
              + "{\"route\":\"\(table.routes.first?.name ?? "settings")\",\"\(routeArguments)\":{…}}",
            hint: nil))
      }
      return launch
    }
    launch.link = try McpOpenInput.link(named: name, arguments: given, table: table)
    return launch
  }

  /// The strings of the array `value` (`nil`: none).
  ///
  /// - Throws: a tool error for anything but an array of strings.
  private static func strings(_ name: String, _ value: JSON?, of expected: String) throws(McpToolCallError)
    -> [String]
  {
    guard let value else { return [] }
    guard let items = value.arrayValue else {
      throw .arguments(.notAValue(name: name, kind: value.kindName, expected: "an array of " + expected))
    }
    var texts: [String] = []
    for item in items {
      guard let text = item.stringValue else {
        throw .arguments(
          .notAValue(
            name: name, kind: "an array holding " + item.kindName, expected: "an array of " + expected))
      }
      texts.append(text)
    }
    return texts
  }
}
