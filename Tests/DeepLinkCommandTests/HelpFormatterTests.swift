import DeepLinkRoutes
import Foundation
import RecipeSampleRoutes
import TestSupport
import Testing

@testable import DeepLinkCommand

struct HelpFormatterTests {
  /// Every help page of the built-in table, by golden file name.
  static let pages: [(name: String, topic: HelpTopic)] =
    [("help.txt", .topLevel)]
    + RouteTable.recipeSample.routes.map { ("help-\($0.name).txt", .route($0)) }
    + CommandRegistry.all.map { ("help-\($0.name.replacing(" ", with: "-")).txt", .command($0.name)) }

  static let pageNames = pages.map(\.name)

  @Test(arguments: pageNames)
  func matchesItsGoldenFile(_ name: String) {
    let topic = Self.pages.first(where: { $0.name == name })!.topic
    Golden.check(HelpFormatter.text(for: topic, table: .recipeSample, tool: .deeplink), named: name)
  }

  @Test(arguments: pageNames)
  func fitsIn80Columns(_ name: String) {
    let topic = Self.pages.first(where: { $0.name == name })!.topic
    for line in HelpFormatter.text(for: topic, table: .recipeSample, tool: .deeplink).split(separator: "\n") {
      #expect(line.count <= 80, "\(line.count) columns: \(line)")
      #expect(!line.hasSuffix(" "), "trailing space: \(line)")
    }
  }

  /// A table with long names and texts, to check wrapping where no golden file looks.
  static let wide = RouteTable(routes: [
    Route(
      "a-route-with-a-rather-long-name", summary: String(repeating: "A long summary ", count: 6),
      help: String(repeating: "Long help text that goes on. ", count: 8),
      parameters: (1...6).map { index in
        .choice(
          "option-number-\(index)", ["first-choice", "second-choice", "third-choice"],
          default: "first-choice",
          help: String(repeating: "Help of an option. ", count: 6))
      } + [.string("the-required-one", help: "Required")])
  ])

  struct NamedTable: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let table: RouteTable
  }

  /// Lines longer than 80 columns are allowed only for a word that cannot be broken (a URL).
  static func isTooLong(_ line: Substring) -> Bool {
    line.count > 80 && !line.split(separator: " ").contains(where: { $0.count > 60 })
  }

  @Test(arguments: [
    NamedTable(testDescription: "small", table: TestTables.small),
    NamedTable(testDescription: "extended", table: TestTables.extended),
    NamedTable(testDescription: "wide", table: wide),
  ])
  func everyPageOfAnyTableFitsIn80Columns(_ named: NamedTable) {
    let table = named.table
    let topics =
      [HelpTopic.topLevel] + table.routes.map { .route($0) } + CommandRegistry.names.map { .command($0) }
    for topic in topics {
      for line in HelpFormatter.text(for: topic, table: table, tool: .deeplink).split(separator: "\n") {
        #expect(!Self.isTooLong(line), "\(line.count) columns: \(line)")
      }
    }
    for line in RoutesFormatter.table(table).split(separator: "\n") {
      #expect(!Self.isTooLong(line), "\(line.count) columns: \(line)")
    }
  }

  @Test func longExamplesWrapWithContinuationsOutsideQuotes() throws {
    let command =
      "deeplink " + String(repeating: "word ", count: 14) + "'a quoted text that must stay whole' end"
    let lines = HelpFormatter.commandLines(command)
    #expect(lines.count > 1)
    #expect(lines.dropLast().allSatisfy { $0.hasSuffix(" \\") && $0.count <= 80 })
    #expect(lines.contains(where: { $0.contains("'a quoted text that must stay whole'") }))
    let joined = lines.map { $0.hasSuffix(" \\") ? String($0.dropLast(2)) : $0 }
      .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    #expect(joined == command)
  }

  @Test func everyGoldenFileIsStillProduced() {
    let produced = Set(Self.pageNames + RoutesFormatterTests.goldenNames + [McpToolSchemaTests.goldenName])
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    let recorded = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    #expect(recorded.subtracting(produced).isEmpty, "golden files nothing produces any more")
  }

  @Test func everyCommandAndMcpToolNameIsReservedByTheTool() {
    // `open_url` needs no reservation: a route name cannot hold an underscore.
    let mcpTools = McpTool.fixedNames.filter { !$0.contains("_") }
    #expect(Set(CommandRegistry.names + mcpTools) == Set(DeepLinkTool.reservedRouteNames))
    #expect(!DeepLinkTool.reservedRouteNames.contains(CommandRegistry.completeCallback))
    #expect(Set(GlobalOption.allCases.map(\.rawValue)) == Set(DeepLinkTool.reservedParameterNames))
  }

  @Test func theHiddenCompletionCallbackIsNotInHelp() {
    for page in Self.pages {
      #expect(
        !HelpFormatter.text(for: page.topic, table: .recipeSample, tool: .deeplink).contains("__complete"))
    }
  }

  @Test func theOverviewListsEveryRouteCommandOptionExitCodeAndVariable() {
    let help = HelpFormatter.text(for: .topLevel, table: .recipeSample, tool: .deeplink)
    for route in RouteTable.recipeSample.routes { #expect(help.contains("  \(route.name)  ")) }
    for command in CommandRegistry.names { #expect(help.contains("  \(command)  ")) }
    for option in GlobalOption.allCases { #expect(help.contains(option.synopsis)) }
    for code in ExitCode.allCases { #expect(help.contains("  \(code.rawValue)  ")) }
    #expect(help.contains("DEEPLINK_SOCKET"))
    #expect(help.contains("NO_COLOR"))
  }

  @Test func aRoutePageShowsEveryParameterWithItsFacts() {
    let help = HelpFormatter.text(
      for: .route(RouteTable.recipeSample.route(named: "recipes")!), table: .recipeSample, tool: .deeplink)
    #expect(help.contains("deeplink recipes [--sort <name|newest|rating>] [<global options>]"))
    #expect(help.contains("one of name, newest, rating; default: name"))
    #expect(help.contains("sends debug://recipes?sort=newest"))
  }

  @Test func headingsAreBoldOnlyWithColour() {
    let topic = HelpTopic.command(WaitCommand.name)
    #expect(
      HelpFormatter.text(for: topic, table: .recipeSample, tool: .deeplink, style: .plain).contains(
        "\nUSAGE\n"))
    #expect(
      HelpFormatter.text(for: topic, table: .recipeSample, tool: .deeplink, style: Style(isColored: true))
        .contains("\n\u{1B}[1mUSAGE\u{1B}[0m\n"))
  }

  @Test func anEmptyTableStillHasHelp() {
    let table = RouteTable(routes: [])
    #expect(HelpFormatter.text(for: .topLevel, table: table, tool: .deeplink).contains("COMMANDS"))
    for command in CommandRegistry.names {
      #expect(HelpFormatter.text(for: .command(command), table: table, tool: .deeplink).contains("USAGE"))
    }
  }
}
