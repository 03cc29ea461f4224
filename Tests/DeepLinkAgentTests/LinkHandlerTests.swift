import DeepLinkAgent
import DeepLinkRoutes
import DeepLinkWire
import Testing

/// The agent's contract with any app's handler, without a socket: links the table rejects
/// never reach the handler, a refusal travels with its reason and changes nothing, and an app
/// that keeps state from link to link is asked for its state every time.
@Suite struct LinkHandlerTests {
  static let table = RouteTable(
    scheme: "shop",
    routes: [
      Route(
        "product", summary: "Show a product", parameters: [.integer("id", range: 1...99, help: "Product")]),
      Route("add", summary: "Add one to the cart"),
    ])

  /// A shop whose cart grows with every `add`: its state depends on what came before.
  struct Shop: LinkHandler {
    var opened: [String] = []
    var cart = 0

    mutating func apply(_ link: Link) throws(LinkRefusal) {
      if link.route.name == "product", link["id"] == .integer(13) {
        throw LinkRefusal("product 13 is out of the catalogue; try another id")
      }
      opened.append(link.route.name)
      if link.route.name == "add" { cart += 1 }
    }

    var state: AppState {
      AppState(
        path: opened.last.map { [AppState.Screen($0)] } ?? [], screen: "Shop › \(cart) in the cart\nbody\n",
        details: [AppState.Detail("cart", [Argument(name: "items", value: .integer(cart))])])
    }
  }

  var requests = RequestHandler(handler: Shop(), table: table, debugLinksEnabled: true, now: { 0 })

  mutating func send(_ line: String) throws -> (reply: JSON, log: String?) {
    let (reply, log) = requests.handle(Array(line.utf8)[...])
    return (try JSON.parse(reply), log)
  }

  @Test mutating func aLinkTheTableRejectsNeverReachesTheHandler() throws {
    let reply = try send("shop://product?id=100").reply
    #expect(reply["error"]?["kind"] == .string("invalid-value"))
    #expect(try send("debug://product?id=1").reply["error"]?["kind"] == .string("wrong-scheme"))
    #expect(requests.handler(as: Shop.self).opened.isEmpty)
  }

  @Test mutating func aRefusalCarriesItsReasonAndChangesNothing() throws {
    _ = try send("shop://add")
    let before = requests.handler(as: Shop.self).state
    let (reply, log) = try send("shop://product?id=13")
    #expect(reply["ok"] == .bool(false))
    #expect(reply["error"]?["kind"] == .string("refused"))
    #expect(reply["error"]?["message"] == .string("product 13 is out of the catalogue; try another id"))
    #expect(log == nil)
    #expect(requests.handler(as: Shop.self).state == before)
  }

  @Test mutating func theReplyCarriesTheStateTheAppReportsAfterApplying() throws {
    let (reply, log) = try send("shop://product?id=7")
    #expect(reply["applied"] == .string("shop://product?id=7"))
    #expect(
      reply["state"]
        == .object([
          ("path", .array([.object([("destination", .string("product"))])])),
          ("cart", .object([("items", .int(0))])), ("screen", .string("Shop › 0 in the cart\nbody\n")),
        ]))
    #expect(log == "applied shop://product?id=7 → Shop › 0 in the cart")
  }

  @Test mutating func anAppThatKeepsStateIsAskedEveryTimeNotAnsweredFromTheCache() throws {
    _ = try send("shop://add")
    let second = try send("shop://add").reply
    #expect(second["state"]?["cart"]?["items"] == .int(2))
    #expect(try send(#"{"op":"screen"}"#).reply["screen"] == .string("Shop › 2 in the cart\nbody\n"))
  }

  /// A client that sends one request line again and again (an agent's tool call on its kept
  /// connection) has each applied: the handler sees every link, and each reply carries the
  /// state after it.
  @Test mutating func aRepeatedRequestLineIsAppliedEachTime() throws {
    let line = #"{"op":"open","url":"shop://add","table":"\#(Self.table.version)"}"#
    for count in 1...3 {
      let (reply, log) = try send(line)
      #expect(reply["state"]?["cart"]?["items"] == .int(count))
      #expect(log == "applied shop://add → Shop › \(count) in the cart")
    }
    #expect(requests.handler(as: Shop.self).opened == ["add", "add", "add"])
    for _ in 1...2 {
      #expect(try send("shop://product?id=13").reply["error"]?["kind"] == .string("refused"))
    }
  }

  /// A screen that says the same in other bytes ("é" precomposed, then decomposed) is sent as
  /// the app gave it each time: Unicode calls the two equal, a client comparing bytes does not.
  @Test func aStateIsSentInTheBytesTheAppGaveIt() throws {
    struct Cafe: LinkHandler {
      var decomposed = false
      mutating func apply(_ link: Link) throws(LinkRefusal) { decomposed.toggle() }
      var state: AppState { AppState(path: [], screen: decomposed ? "cafe\u{301}" : "caf\u{E9}") }
    }
    var requests = RequestHandler(handler: Cafe(), table: Self.table, debugLinksEnabled: true, now: { 0 })
    for expected in ["cafe\u{301}", "caf\u{E9}", "cafe\u{301}"] {
      let reply = try JSON.parse(requests.handle(Array("shop://add".utf8)[...]).reply)
      let screen = try #require(reply["state"]?["screen"]?.stringValue)
      #expect(Array(screen.utf8) == Array(expected.utf8))
    }
  }
}
