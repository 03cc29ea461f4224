import DeepLinkRoutes
import DeepLinkWire
import RecipeSampleRoutes
import TestSupport
import Testing

/// `deeplink routes` from the built binary: the same text the formatter's golden files hold,
/// and the same table the running app serves.
@Suite("deeplink routes")
struct RoutesCommandTests {
  @Test(arguments: [
    (["routes"], "routes.txt"), (["routes", "--json"], "routes.json"),
    (["routes", "--markdown"], "routes.md"),
  ])
  func printsTheRouteTable(_ arguments: [String], golden: String) throws {
    let result = try Command.deeplink(arguments)
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(result.stdout == (try checkedInFile("DeepLinkCommandTests/Golden/" + golden)))
  }

  @Test func theJSONListsEveryRouteWithItsParameters() throws {
    let json = try JSON.parse(try Command.deeplink("routes", "--json").stdout)
    let routes = json["routes"]?.arrayValue ?? []
    #expect(routes.compactMap { $0["name"]?.stringValue } == RouteTable.recipeSample.routes.map(\.name))
    let recipe = routes.first { $0["name"]?.stringValue == "recipe" }
    let id = recipe?["parameters"]?.arrayValue?.first
    #expect(id?["name"]?.stringValue == "id")
    #expect(id?["type"]?.stringValue == "integer")
    #expect(id?["required"]?.boolValue == true)
    #expect(json["version"]?.stringValue == RouteTable.recipeSample.version)
  }

  @Test func theCLIAndTheRunningAppShareOneTable() throws {
    try withApp { app in
      let client = try LineClient.connect(
        path: app.socket, deadline: .after(milliseconds: Patience.milliseconds))
      defer { client.close() }
      let reply = try JSON.parse(
        try client.request(#"{"op":"routes"}"#, deadline: .after(milliseconds: Patience.milliseconds)))
      let cli = try JSON.parse(try Command.deeplink("routes", "--json").stdout)
      #expect(
        reply["routes"]?.arrayValue?.compactMap(\.stringValue)
          == cli["routes"]?.arrayValue?.compactMap { $0["name"]?.stringValue })
      #expect(reply["version"] == cli["version"])
    }
  }
}
