package import DeepLinkRoutes

/// The routes-file format as JSON: what `deeplink routes --json` prints, `--routes FILE` reads
/// and an app's agent answers to `{"op":"table"}`. One encoder for all three, here where both
/// the CLI and the agent reach it (the decoder, with its checks and messages, is the CLI's
/// `RoutesFile`).
///
///     RoutesDocument.json(table: .shop, iosBundleID: "com.example.Shop").pretty
///     // {"scheme":"shop","version":"…","routes":[{"name":"product","summary":"Show a product",
///     //  "help":"…","parameters":[{"name":"id","type":"integer","required":true,"default":null,
///     //  "choices":null,"range":{"min":1,"max":99999},"help":"Product id"}]}],
///     //  "ios":{"bundleId":"com.example.Shop"}}
///
/// Every key is written, `null` where a parameter has none, in the order of the format:
/// `scheme`, `version`, `routes`, then `android` and `ios` when known.
package enum RoutesDocument {
  /// The document for `table`, with `android.package` and `ios.bundleId` when given.
  package static func json(table: RouteTable, androidPackage: String? = nil, iosBundleID: String? = nil)
    -> JSON
  {
    var members: [(String, JSON)] = [
      ("scheme", .string(table.scheme)),
      ("version", .string(table.version)),
      ("routes", .array(table.routes.map(json(route:)))),
    ]
    if let androidPackage { members.append(("android", .object([("package", .string(androidPackage))]))) }
    if let iosBundleID { members.append(("ios", .object([("bundleId", .string(iosBundleID))]))) }
    return .object(members)
  }

  /// One route: `name`, `summary`, `help`, `parameters`.
  package static func json(route: Route) -> JSON {
    .object([
      ("name", .string(route.name)),
      ("summary", .string(route.summary)),
      ("help", .string(route.help)),
      ("parameters", .array(route.parameters.map(json(parameter:)))),
    ])
  }

  /// One parameter: `name`, `type`, `required`, `default`, `choices`, `range`, `help`.
  package static func json(parameter: Parameter) -> JSON {
    var choices = JSON.null
    var range = JSON.null
    switch parameter.type {
    case .choice(let values): choices = .array(values.map { .string($0) })
    case .integer(let bounds?):
      range = .object([("min", .int(bounds.lowerBound)), ("max", .int(bounds.upperBound))])
    case .integer(nil), .string, .boolean: break
    }
    let defaultValue: JSON =
      switch parameter.defaultValue {
      case nil: .null
      case .integer(let number): .int(number)
      case .string(let text): .string(text)
      case .boolean(let flag): .bool(flag)
      }
    return .object([
      ("name", .string(parameter.name)),
      ("type", .string(parameter.type.name)),
      ("required", .bool(parameter.isRequired)),
      ("default", defaultValue),
      ("choices", choices),
      ("range", range),
      ("help", .string(parameter.help)),
    ])
  }
}
