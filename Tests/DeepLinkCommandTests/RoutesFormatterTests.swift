import DeepLinkCommand
import DeepLinkRoutes
import DeepLinkWire
import RecipeSampleRoutes
import TestSupport
import Testing

struct RoutesFormatterTests {
  static let goldenNames = ["routes.txt", "routes.json", "routes.md"]

  @Test func matchesItsGoldenFiles() {
    Golden.check(RoutesFormatter.text(.table, table: .recipeSample, tool: .deeplink), named: "routes.txt")
    Golden.check(RoutesFormatter.text(.json, table: .recipeSample, tool: .deeplink), named: "routes.json")
    Golden.check(RoutesFormatter.text(.markdown, table: .recipeSample, tool: .deeplink), named: "routes.md")
  }

  @Test func theTableFitsIn80Columns() {
    for line in RoutesFormatter.table(.recipeSample).split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
  }

  @Test func jsonDescribesEveryParameter() throws {
    let json = RoutesFormatter.json(table: .recipeSample)
    #expect(json["scheme"] == .string("debug"))
    #expect(json["version"] == .string(RouteTable.recipeSample.version))
    let routes = try #require(json["routes"]?.arrayValue)
    #expect(routes.count == RouteTable.recipeSample.routes.count)
    let recipe = try #require(routes.first(where: { $0["name"] == .string("recipe") }))
    #expect(
      recipe["parameters"]?.arrayValue?.first?.serialized
        == #"{"name":"id","type":"integer","required":true,"default":null,"choices":null,"#
        + #""range":{"min":1,"max":999999},"help":"Recipe id"}"#)
    let recipes = try #require(routes.first(where: { $0["name"] == .string("recipes") }))
    #expect(
      recipes["parameters"]?.arrayValue?.first?.serialized
        == #"{"name":"sort","type":"choice","required":false,"default":"name","#
        + #""choices":["name","newest","rating"],"range":null,"help":"Order of the list"}"#)
    #expect(
      RoutesFormatter.json(table: .recipeSample, source: .builtIn).pretty + "\n"
        == RoutesFormatter.text(.json, table: .recipeSample, tool: .deeplink))
  }

  @Test func markdownEscapesPipes() {
    let table = RouteTable(routes: [
      Route(
        "pipe", summary: "A | B",
        parameters: [.choice("way", ["a", "b"], default: "a", help: "Either | or")])
    ])
    let markdown = RoutesFormatter.markdown(table: table, tool: .deeplink)
    #expect(markdown.contains(#"| `pipe` | A \| B | `deeplink pipe` | `debug://pipe` |"#))
    #expect(markdown.contains(#"| `pipe` | `--way` | one of `a`, `b` | `a` | Either \| or |"#))
  }
}
