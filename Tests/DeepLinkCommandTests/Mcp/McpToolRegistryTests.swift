import DeepLinkRoutes
import TestSupport
import Testing

@testable import DeepLinkCommand

/// The tools besides the routes are the tools the commands declare: a command that conforms to
/// ``McpToolCommand`` is served, and nothing else is.
struct McpToolRegistryTests {
  /// The commands that declare tools.
  static var toolCommands: [any McpToolCommand.Type] {
    CommandRegistry.all.compactMap { $0 as? any McpToolCommand.Type }
  }

  /// On a target that can serve every tool: the route tools, then exactly the tools of the
  /// conforming commands, each once.
  @Test func theToolsAreTheRoutesAndTheConformingCommandsTools() {
    let delivery = RecordingDelivery()
    delivery.takesScreenshots = true
    delivery.offersLaunch = true
    let served = McpServedTools(table: .recipeSample, tool: .deeplink, delivery: delivery).tools.map(\.name)
    let routes = RouteTable.recipeSample.routes.map(\.name)
    #expect(Array(served.prefix(routes.count)) == routes)
    let besides = Array(served.dropFirst(routes.count))
    let declared = Self.toolCommands.flatMap { $0.mcpTools.map(\.name) }
    #expect(besides.sorted() == declared.sorted())
    #expect(Set(besides).count == besides.count, "a tool served twice")
  }

  /// A command's first tool is named as the command is.
  @Test func aCommandsToolIsNamedAfterIt() {
    for command in Self.toolCommands {
      #expect(command.mcpTools.first?.name == command.name)
    }
  }

  /// The names a route may not take, read without building the tools, are the tools' names that
  /// are not commands' (and some that are).
  @Test func theReservedToolNamesAreTheToolsNames() {
    let names = Set(McpToolRegistry.tools.map(\.name))
    #expect(names.subtracting(CommandRegistry.names).isSubset(of: McpTool.fixedNames))
    #expect(Set(McpTool.fixedNames).isSubset(of: names))
  }
}
