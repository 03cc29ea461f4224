package import DeepLinkRoutes
package import DeepLinkWire

/// The version `deeplink --version` prints.
package enum DeepLinkVersion {
  /// The release of the package, shared with `deeplink-app`.
  package static var number: String { PackageVersion.number }

  /// `deeplink 0.1.0 (route table 1a2b3c4d5e6f7a8b, built in)`: `tool`'s name and release,
  /// the fingerprint of the table in use, which the app reports too, and where the table came
  /// from (`from shop.json (--routes)`).
  package static func string(table: RouteTable, source: TableSource = .builtIn, tool: ToolIdentity) -> String
  {
    "\(tool.name) \(number) (route table \(table.version), \(source.description))"
  }
}

extension DeepLinkVersion {
  /// `deeplink version --json`: `{"version": "0.1.0", "routeTable": "1a2b3c4d5e6f7a8b",
  /// "tableSource": "built in"}`, the same facts as ``string(table:source:tool:)``.
  package static func json(table: RouteTable, source: TableSource = .builtIn) -> JSON {
    .object([
      ("version", .string(number)), ("routeTable", .string(table.version)),
      ("tableSource", .string(source.description)),
    ])
  }
}
