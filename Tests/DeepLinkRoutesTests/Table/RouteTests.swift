import DeepLinkRoutes
import RecipeSampleRoutes
import Testing

/// `Route.bind`: raw `(name, text)` pairs, from a URL query or a command line, become a link.
@Suite("Binding arguments to a route")
struct RouteTests {
  let edit = RouteTable.recipeSample.route(named: "recipe-edit")!
  let profile = RouteTable.recipeSample.route(named: "profile")!

  @Test("fills in defaults, in declaration order")
  func defaults() throws {
    let link = try edit.bind([(name: "id", text: "42")])
    #expect(link.values == [.integer(42), .boolean(false)])
    #expect(try profile.bind([]).values == [.string("current")])
  }

  @Test("takes the pairs in any order")
  func anyOrder() throws {
    let link = try edit.bind([(name: "unsaved", text: "true"), (name: "id", text: "7")])
    #expect(link.values == [.integer(7), .boolean(true)])
  }

  @Test("a name without a value is true for a boolean")
  func bareFlag() throws {
    #expect(try edit.bind([("id", "1"), ("unsaved", nil)])["unsaved"] == .boolean(true))
  }

  @Test("a name without a value is an error for anything but a boolean")
  func bareValue() {
    #expect(throws: ArgumentError.missingValue("id")) { try edit.bind([("id", nil)]) }
    #expect(throws: ArgumentError.missingValue("id")) { try profile.bind([("id", nil)]) }
  }

  @Test("reports the first wrong pair, in input order, before any missing parameter")
  func firstError() {
    #expect(
      throws: ArgumentError.unknownParameter(
        "idd", route: "recipe-edit", suggestion: "id", known: ["id", "unsaved"])
    ) {
      try edit.bind([("idd", "1"), ("id", "x")])
    }
    #expect(throws: ArgumentError.invalidValue("id", .notAnInteger("x"))) {
      try edit.bind([("id", "x"), ("idd", "1")])
    }
    #expect(throws: ArgumentError.duplicateParameter("unsaved")) {
      try edit.bind([("unsaved", nil), ("unsaved", "true")])
    }
    #expect(throws: ArgumentError.missingParameter("id", route: "recipe-edit")) {
      try edit.bind([("unsaved", "true")])
    }
  }

  @Test("a required parameter of each type is required")
  func requiredOfEachType() {
    let route = plainRoute(
      "every-type",
      [
        .integer("n", help: ""), .string("s", help: ""), .choice("c", ["x"], help: ""),
        Parameter(name: "b", type: .boolean, default: nil, help: ""),
      ])
    let all: [(name: String, text: String?)] = [("n", "1"), ("s", ""), ("c", "x"), ("b", "false")]
    #expect(throws: Never.self) { try route.bind(all) }
    for missing in all.indices {
      var pairs = all
      pairs.remove(at: missing)
      #expect(throws: ArgumentError.missingParameter(all[missing].name, route: "every-type")) {
        try route.bind(pairs)
      }
    }
  }

  @Test("finds a parameter by its exact name")
  func parameterNamed() {
    #expect(edit.parameter(named: "unsaved")?.type == .boolean)
    #expect(edit.parameter(named: "Unsaved") == nil)
    #expect(edit.parameter(named: "") == nil)
  }
}
