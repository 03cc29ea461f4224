import DeepLinkRoutes
import DeepLinkWire

/// The JSON Schemas of the tools, derived from the route table: what `tools/list` declares as
/// each tool's `inputSchema` and `outputSchema`.
///
///     McpToolSchema.input(for: recipe).serialized
///     // {"type":"object","properties":{"id":{"type":"integer","minimum":1,"maximum":999999,
///     //  "description":"Recipe id"}},"required":["id"],"additionalProperties":false}
///
/// Only keywords every JSON Schema draft since 4 reads the same way, so a client that
/// validates with the 2020-12 dialect (MCP 2025-11-25's default) or an older one agrees.
enum McpToolSchema {
  /// An object of the route's parameters: each typed, with its help, its range, choices and
  /// default; the parameters without a default `required`; nothing else allowed.
  static func input(for route: Route) -> JSON {
    object(
      properties: route.parameters.map { ($0.name, property($0)) },
      required: route.parameters.filter(\.isRequired).map(\.name))
  }

  /// One parameter's schema.
  static func property(_ parameter: Parameter) -> JSON {
    var members: [(String, JSON)]
    switch parameter.type {
    case .integer(let range):
      members = [("type", .string("integer"))]
      if let range {
        members += [("minimum", .int(range.lowerBound)), ("maximum", .int(range.upperBound))]
      }
    case .string:
      members = [("type", .string("string"))]
    case .boolean:
      members = [("type", .string("boolean"))]
    case .choice(let choices):
      members = [("type", .string("string")), ("enum", .array(choices.map { .string($0) }))]
    }
    if !parameter.help.isEmpty { members.append(("description", .string(parameter.help))) }
    if let value = parameter.defaultValue { members.append(("default", json(value))) }
    return .object(members)
  }

  /// A value as the JSON a tool call gives it: `42`, `"newest"`, `true`.
  static func json(_ value: ArgumentValue) -> JSON {
    switch value {
    case .integer(let number): .int(number)
    case .string(let text): .string(text)
    case .boolean(let flag): .bool(flag)
    }
  }

  /// An object with no properties, its empty `properties` spelled out, as the MCP
  /// specification's argument-less example does.
  static let noArguments: JSON = .object([
    ("type", .string("object")), ("properties", .emptyObject), ("additionalProperties", .bool(false)),
  ])

  /// An object with these properties and no others.
  static func object(properties: [(String, JSON)], required: [String] = []) -> JSON {
    var members: [(String, JSON)] = [("type", .string("object"))]
    if !properties.isEmpty { members.append(("properties", .object(properties))) }
    if !required.isEmpty { members.append(("required", .array(required.map { .string($0) }))) }
    members.append(("additionalProperties", .bool(false)))
    return .object(members)
  }

  /// `open_url`'s input: one URL.
  static let openURLInput = object(
    properties: [
      (
        "url",
        .object([
          ("type", .string("string")), ("description", .string("A debug link, such as debug://settings")),
        ])
      )
    ],
    required: ["url"])

  /// `launch`'s input: how to start the app, then optionally a route and its arguments. The
  /// one declaration of the tool's arguments; ``McpLaunchInput`` reads them.
  static let launchInput = object(properties: [
    (
      McpLaunchInput.relaunch,
      .object([
        ("type", .string("boolean")),
        ("description", .string("Stop the app first if it runs, so that it starts afresh")),
        ("default", .bool(false)),
      ])
    ),
    (
      McpLaunchInput.environment,
      .object([
        ("type", .string("array")),
        (
          "items",
          .object([("type", .string("string")), ("pattern", .string("^[A-Za-z_][A-Za-z0-9_]*="))])
        ),
        (
          "description",
          .string(
            "Variables of the app's environment, each NAME=VALUE (such as API_URL=http://localhost:8080); "
              + "given to simctl as SIMCTL_CHILD_NAME")
        ),
      ])
    ),
    (
      McpLaunchInput.arguments,
      .object([
        ("type", .string("array")), ("items", .object([("type", .string("string"))])),
        (
          "description",
          .string("Launch arguments, after the bundle id, in order (such as -AppleLanguages, (fr))")
        ),
      ])
    ),
    (
      McpLaunchInput.route,
      .object([
        ("type", .string("string")),
        ("description", .string("A route to apply once the app's agent answers: the name of its tool")),
      ])
    ),
    (
      McpLaunchInput.routeArguments,
      .object([
        ("type", .string("object")),
        ("description", .string("The route's arguments, as the route's own tool takes them")),
      ])
    ),
  ])

  /// `open`'s input: a route's name and its arguments. In a compact tool list, the names are
  /// an `enum`; otherwise any name is accepted, so that a client holding an old list can still
  /// name a route the app added since, which the call checks against the current table.
  static func openInput(names: [String]?) -> JSON {
    var route: [(String, JSON)] = [("type", .string("string"))]
    if let names { route.append(("enum", .array(names.map { .string($0) }))) }
    route.append(("description", .string("The route's name, as 'routes' lists it")))
    return object(
      properties: [
        (McpOpenInput.route, .object(route)),
        (
          McpOpenInput.arguments,
          .object([
            ("type", .string("object")),
            ("description", .string("The route's parameters by name, such as {\"id\": 42}")),
          ])
        ),
      ],
      required: [McpOpenInput.route])
  }

  /// What `screen` returns.
  static let screen = object(
    properties: [
      (
        "screen",
        .object([("type", .string("string")), ("description", .string("The visible screen as text"))])
      )
    ],
    required: ["screen"])
}
