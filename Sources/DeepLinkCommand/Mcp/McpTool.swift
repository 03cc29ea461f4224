import DeepLinkRoutes
import DeepLinkWire

/// One tool of `deeplink mcp`: a route of the table, or one of the few tools besides them.
///
/// Route tools are named after their route; the others have names no route can take
/// (`routes`, `open`, `state` and `screen` are commands, `open_url` has an underscore,
/// `screenshot` is reserved), so `RouteTable.problems` reports a table that would collide with
/// one.
enum McpTool: Hashable, Sendable {
  /// Sends the route's link; arguments are its parameters.
  case route(Route)
  /// The table's routes as text: names, parameters, types, ranges, defaults, link templates.
  case routes
  /// Sends the link of any route of the table, named in its arguments.
  case open
  /// The app's state; changes nothing.
  case state
  /// The app's screen; changes nothing.
  case screen
  /// Sends a raw URL, checked against the table first.
  case openURL
  /// A PNG of a simulator's or device's screen; changes nothing.
  case screenshot
  /// Starts the app on a simulator into a state, as `deeplink launch` does; `launch` is a
  /// command's name, which no route may take.
  case launch

  /// The tools of `table`: with ``McpToolSet/perRoute``, its routes in declaration order; then
  /// `routes`, `open`, `state`, `screen`, `open_url`, `screenshot`, `launch`.
  ///
  /// Without `state` and `screen` when links are not `acknowledged` (a device target),
  /// `screenshot` only when the target `takesScreenshots` (a simulator or Android target), and
  /// `launch` only when the target `offersLaunch` (a simulator target).
  static func all(
    in table: RouteTable, set: McpToolSet = .perRoute, acknowledged: Bool = true,
    takesScreenshots: Bool = false, offersLaunch: Bool = false
  ) -> [McpTool] {
    (set == .perRoute ? table.routes.map(McpTool.route) : []) + [.routes, .open]
      + (acknowledged ? [.state, .screen, .openURL] : [.openURL])
      + (takesScreenshots ? [.screenshot] : []) + (offersLaunch ? [.launch] : [])
  }

  /// The names of the tools that are not routes, `screenshot` (device targets) among them.
  static let fixedNames = ["routes", "open", "state", "screen", "open_url", "screenshot"]

  var name: String {
    switch self {
    case .route(let route): route.name
    case .routes: "routes"
    case .open: "open"
    case .state: "state"
    case .screen: "screen"
    case .openURL: "open_url"
    case .screenshot: "screenshot"
    case .launch: "launch"
    }
  }

  /// The tool as `tools/list` describes it.
  ///
  /// Only `screen` declares an `outputSchema`: every other result is the state of whatever
  /// app answers (or, on a device target or with `--dry-run`, where the link went), which no
  /// schema declared once can promise, and a result with a picture carries no
  /// `structuredContent`, which a declared schema would require. Links that are not
  /// `acknowledged` (a device target, `--dry-run`) return no state, and the tools say so.
  func definition(
    in table: RouteTable, tool: ToolIdentity, set: McpToolSet = .perRoute, acknowledged: Bool = true
  ) -> JSON {
    var description = description(in: table, tool: tool)
    if !acknowledged && self != .screenshot && self != .launch && self != .routes {
      description +=
        " Here the link goes to a simulator or device (or nowhere, with --dry-run), which "
        + "cannot acknowledge it: the result says where it went, and holds no screen or state."
    }
    var members: [(String, JSON)] = [
      ("name", .string(name)),
      ("title", .string(title)),
      ("description", .string(description)),
      ("inputSchema", inputSchema(in: table, set: set)),
    ]
    if acknowledged, let outputSchema { members.append(("outputSchema", outputSchema)) }
    members.append(("annotations", annotations))
    return .object(members)
  }

  var title: String {
    switch self {
    case .route(let route): route.summary
    case .routes: "List the app's routes"
    case .open: "Open any route"
    case .state: "Read the app's state"
    case .screen: "Read the app's screen"
    case .openURL: "Open a debug URL"
    case .screenshot: "Take a screenshot"
    case .launch: "Launch the app on a simulator, into a state"
    }
  }

  /// What the tool does, for the model. What every link tool shares (it waits for the app,
  /// returns the screen, can be repeated) is said once, in the server's instructions.
  func description(in table: RouteTable, tool: ToolIdentity) -> String {
    let scheme = table.scheme
    switch self {
    case .route(let route):
      var text = route.summary + "."
      if !route.help.isEmpty { text += " " + route.help }
      text += " Sends " + Self.linkTemplate(of: route, in: table)
      if let example = RouteExample.full(route) ?? RouteExample.minimal(route), !route.parameters.isEmpty {
        text += " (\(Self.arguments(of: example).serialized) sends \(table.url(for: example)))"
      }
      return text + "."
    case .routes:
      return "Lists the routes of the app's current table as text: each route's name, summary, "
        + "parameters (type, range, choices, default) and link. Use it when the route you need "
        + "is not among the tools (the app may have been rebuilt since the tools were listed), "
        + "then apply it with 'open'. Changes nothing."
    case .open:
      return "Applies any route of the app's current table, as its own tool would: 'route' is "
        + "its name and 'arguments' its parameters by name (see 'routes'), checked as on the "
        + "command line. Sends the route's link, waits until the app applied it and returns the "
        + "screen it then shows."
    case .state:
      return "The app's current state: its navigation stack, the debug overrides in force and "
        + "its screen. Changes nothing."
    case .screen:
      return "The app's visible screen as text. Changes nothing."
    case .openURL:
      return "Sends a raw debug URL such as \(scheme)://settings, checked against the route table "
        + "first: a URL the table does not know is an error and is not sent. Prefer the route "
        + "tools or 'open', whose arguments are typed."
    case .screenshot:
      return "A PNG image of the simulator's or device's screen, taken as `deeplink screen --png` "
        + "takes it (xcrun simctl io <UDID> screenshot; adb exec-out screencap -p). Changes nothing."
    case .launch:
      return "Starts the app on the simulator, as `\(tool.name) launch` does: xcrun simctl launch "
        + "<UDID> <bundle id> with the launch arguments 'args' after the bundle id and each 'env' "
        + "NAME=VALUE given to simctl as SIMCTL_CHILD_NAME (the app sees NAME); 'relaunch' stops a "
        + "running app first, for a fresh process. It waits until the app's deeplink agent answers "
        + "(the timeout of the server), then, with 'route' (and that route's 'arguments', as the "
        + "route's own tool takes them), applies its link, waits until it is applied and returns "
        + "the screen. Without 'route', it returns the app it reached. Offered only on a simulator "
        + "target with the app's bundle id (deeplink mcp --target simulator --bundle-id ID): it "
        + "needs the deeplink agent in the app."
    }
  }

  /// `debug://recipe?id=<id>`: the route's link with a placeholder for each parameter.
  static func linkTemplate(of route: Route, in table: RouteTable) -> String {
    let template = route.parameters.map { "\($0.name)=<\($0.name)>" }.joined(separator: "&")
    return "\(table.scheme)://\(route.name)\(template.isEmpty ? "" : "?" + template)"
  }

  /// `{"id":1}`: a link's values as the arguments of the route's tool.
  static func arguments(of link: Link) -> JSON {
    .object(zip(link.route.parameters, link.values).map { ($0.name, McpToolSchema.json($1)) })
  }

  func inputSchema(in table: RouteTable, set: McpToolSet = .perRoute) -> JSON {
    switch self {
    case .route(let route): McpToolSchema.input(for: route)
    case .state, .screen: McpToolSchema.object(properties: [])
    // An empty `properties` spelled out, as the MCP specification's argument-less example does.
    case .screenshot, .routes:
      .object([
        ("type", .string("object")), ("properties", .emptyObject), ("additionalProperties", .bool(false)),
      ])
    case .open: McpToolSchema.openInput(names: set == .compact ? table.routes.map(\.name) : nil)
    case .openURL: McpToolSchema.openURLInput
    case .launch: McpToolSchema.launchInput
    }
  }

  var outputSchema: JSON? {
    switch self {
    case .screen: McpToolSchema.screen
    case .route, .routes, .open, .state, .openURL, .screenshot, .launch: nil
    }
  }

  /// MCP's behaviour hints: reading tools are read-only; a link changes only the app's
  /// navigation state, replaces it whole (idempotent) and reaches nothing outside the app;
  /// `launch` may stop the running app (`relaunch`): destructive, not idempotent. The title
  /// is the tool's own, not repeated here.
  var annotations: JSON {
    if self == .launch {
      return .object([
        ("readOnlyHint", .bool(false)), ("destructiveHint", .bool(true)),
        ("idempotentHint", .bool(false)), ("openWorldHint", .bool(false)),
      ])
    }
    let readOnly = self == .state || self == .screen || self == .screenshot || self == .routes
    var members: [(String, JSON)] = [("readOnlyHint", .bool(readOnly))]
    if !readOnly {
      members += [("destructiveHint", .bool(false)), ("idempotentHint", .bool(true))]
    }
    members.append(("openWorldHint", .bool(false)))
    return .object(members)
  }
}
