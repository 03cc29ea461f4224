import DeepLinkRoutes
import DeepLinkWire

/// `deeplink version`: Print the version.
struct VersionCommand: ToolCommand, Equatable {
  static let name = "version"
  static let synopsis = ""
  static let summary = "Print the version"

  static func details(for table: RouteTable, tool: ToolIdentity) -> String {
    "Prints the version of \(tool.name) and the fingerprint of its route table, which the app "
      + "reports too: when they differ, the two were built from different tables."
  }

  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)] {
    return [("\(tool.name) --version", "the same as '\(tool.name) version'")]
  }

  init() {}

  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {}

  func run(in context: CommandContext) throws {
    try context.write(
      context.options.json
        ? DeepLinkVersion.json(table: context.table, source: context.source).pretty + "\n"
        : DeepLinkVersion.string(table: context.table, source: context.source, tool: context.tool) + "\n")
  }
}
