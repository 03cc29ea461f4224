import DeepLinkCLI
import DeepLinkRoutes
import Foundation
import TestSupport
import Testing

struct HelpFormatterTests {
  /// Every help page of the built-in table, by golden file name.
  static let pages: [(name: String, topic: HelpTopic)] =
    [("help.txt", .topLevel)]
    + RouteTable.builtIn.routes.map { ("help-\($0.name).txt", .route($0)) }
    + BuiltInCommand.allCases.map { ("help-\($0.name).txt", .command($0)) }

  static let pageNames = pages.map(\.name)

  @Test(arguments: pageNames)
  func matchesItsGoldenFile(_ name: String) {
    let topic = Self.pages.first(where: { $0.name == name })!.topic
    Golden.check(HelpFormatter.text(for: topic, table: .builtIn), named: name)
  }

  @Test(arguments: pageNames)
  func fitsIn80Columns(_ name: String) {
    let topic = Self.pages.first(where: { $0.name == name })!.topic
    for line in HelpFormatter.text(for: topic, table: .builtIn).split(separator: "\n") {
      #expect(line.count <= 80, "\(line.count) columns: \(line)")
      #expect(!line.hasSuffix(" "), "trailing space: \(line)")
    }
  }

  @Test func everyGoldenFileIsStillProduced() {
    let produced = Set(Self.pageNames + RoutesFormatterTests.goldenNames)
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    let recorded = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    #expect(recorded.subtracting(produced).isEmpty, "golden files nothing produces any more")
  }

  @Test func everyCommandNameIsReservedInTheRouteTable() {
    #expect(Set(BuiltInCommand.allCases.map(\.name)) == Set(RouteTable.reservedNames))
    #expect(!RouteTable.reservedNames.contains(BuiltInCommand.completeCallback))
  }

  @Test func theHiddenCompletionCallbackIsNotInHelp() {
    for page in Self.pages {
      #expect(!HelpFormatter.text(for: page.topic, table: .builtIn).contains("__complete"))
    }
  }

  @Test func theOverviewListsEveryRouteCommandOptionExitCodeAndVariable() {
    let help = HelpFormatter.text(for: .topLevel, table: .builtIn)
    for route in RouteTable.builtIn.routes { #expect(help.contains("  \(route.name)  ")) }
    for command in BuiltInCommand.allCases { #expect(help.contains("  \(command.name)  ")) }
    for option in GlobalOption.allCases { #expect(help.contains(option.synopsis)) }
    for code in ExitCode.allCases { #expect(help.contains("  \(code.rawValue)  ")) }
    #expect(help.contains("DEEPLINK_SOCKET"))
    #expect(help.contains("NO_COLOR"))
  }

  @Test func aRoutePageShowsEveryParameterWithItsFacts() {
    let help = HelpFormatter.text(for: .route(RouteTable.builtIn.route(named: "recipes")!), table: .builtIn)
    #expect(help.contains("deeplink recipes [--sort <name|newest|rating>] [<global options>]"))
    #expect(help.contains("one of name, newest, rating; default: name"))
    #expect(help.contains("sends debug://recipes?sort=newest"))
  }

  @Test func headingsAreBoldOnlyWithColour() {
    let topic = HelpTopic.command(.wait)
    #expect(HelpFormatter.text(for: topic, table: .builtIn, style: .plain).contains("\nUSAGE\n"))
    #expect(
      HelpFormatter.text(for: topic, table: .builtIn, style: Style(isColored: true))
        .contains("\n\u{1B}[1mUSAGE\u{1B}[0m\n"))
  }

  @Test func anEmptyTableStillHasHelp() {
    let table = RouteTable(routes: [])
    #expect(HelpFormatter.text(for: .topLevel, table: table).contains("COMMANDS"))
    for command in BuiltInCommand.allCases {
      #expect(HelpFormatter.text(for: .command(command), table: table).contains("USAGE"))
    }
  }
}
