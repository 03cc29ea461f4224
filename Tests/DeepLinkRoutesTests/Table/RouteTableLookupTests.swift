import DeepLinkRoutes
import Testing

/// ``RouteTable/route(named:)`` scans small tables and hashes large ones; both answer alike.
@Suite("Route table lookup")
struct RouteTableLookupTests {
  static func table(routeCount: Int) -> RouteTable {
    let routes = (0..<routeCount).map {
      Route("route-\($0)", summary: "Route \($0)")
    }
    // A duplicate at the end: the first route of a name wins in both kinds of table.
    return RouteTable(routes: routes + [Route("route-0", summary: "duplicate")])
  }

  @Test("small and large tables find the same routes", arguments: [5, 31, 32, 33, 500])
  func sameAnswers(routeCount: Int) {
    let table = Self.table(routeCount: routeCount)
    for number in [0, routeCount / 2, routeCount - 1] {
      #expect(table.route(named: "route-\(number)")?.summary == "Route \(number)")
    }
    #expect(table.route(named: "route-\(routeCount)") == nil)
    #expect(table.route(named: "Route-0") == nil)
    #expect(table.route(named: "") == nil)
  }
}
