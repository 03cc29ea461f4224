import DeepLinkCommand
import DeepLinkRoutes
import RecipeSampleRoutes

/// Small tables made for the tests: they show that the command line follows whatever the
/// table declares, with nothing about a route written in DeepLinkCommand.
enum TestTables {
  /// Every kind of parameter, and a route that shadows a global option.
  static let small = RouteTable(routes: [
    Route(
      "alpha", summary: "Show alpha", help: "Alpha takes every kind of parameter.",
      parameters: [
        .integer("count", range: -5...5, help: "How many"),
        .string("note", default: "", help: "A note"),
        .flag("loud", help: "Say it loudly"),
        .choice("mode", ["fast", "slow"], default: "fast", help: "How"),
      ]),
    Route("beta", summary: "Show beta"),
    Route(
      "gamma", summary: "Shadow a global option",
      parameters: [.string("json", default: "none", help: "Not the global --json")]),
  ])

  /// The built-in table plus one route, as someone adding a route would write it.
  static let extended = RouteTable(
    routes: RouteTable.recipeSample.routes + [
      Route(
        "search", summary: "Show search results",
        help: "Opens the search screen with a query typed in.",
        parameters: [
          .string("query", help: "What to search for"),
          .integer("limit", range: 1...50, default: 20, help: "How many results"),
        ])
    ])

  /// A table of `count` routes as a large app declares them: names like `orders-17`, a
  /// summary and a help sentence each, and an integer id, a choice and a flag every few routes.
  static func generated(routes count: Int) -> RouteTable {
    let areas = ["orders", "account", "catalog", "checkout", "support", "settings-page", "inbox", "reports"]
    return RouteTable(
      routes: (0..<count).map { index in
        let name = "\(areas[index % areas.count])-\(index)"
        var parameters: [Parameter] = []
        if index % 2 == 0 { parameters.append(.integer("id", range: 1...99999, help: "Item id")) }
        if index % 3 == 0 {
          parameters.append(
            .choice("tab", ["summary", "details", "history"], default: "summary", help: "Tab shown"))
        }
        if index % 5 == 0 { parameters.append(.flag("empty", help: "Show the empty state")) }
        return Route(
          name, summary: "Show \(name)", help: "Opens the \(name) screen as a user reaches it.",
          parameters: parameters)
      })
  }

  static func link(
    _ table: RouteTable, _ name: String, _ arguments: KeyValuePairs<String, ArgumentValue> = [:]
  )
    -> Link
  {
    try! table.link(name, arguments)
  }
}

/// Parses `arguments` against `table`, for tests.
func parse(_ arguments: [String], _ table: RouteTable = .recipeSample) throws(UsageError) -> Invocation {
  try Invocation.parse(arguments, table: table)
}
