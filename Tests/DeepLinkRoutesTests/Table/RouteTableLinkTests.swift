import DeepLinkRoutes
import RecipeSampleRoutes
import Testing

/// `RouteTable.link(_:_:)`: a link made in code is checked exactly like a parsed URL.
@Suite("Making links in code")
struct RouteTableLinkTests {
  let table = RouteTable.recipeSample

  @Test("makes the same link as parsing its URL")
  func sameAsParsed() throws {
    #expect(try table.link("recipe", ["id": .integer(42)]) == table.parse("debug://recipe?id=42"))
    #expect(try table.link("profile") == table.parse("debug://profile"))
    #expect(
      try table.link("recipe-edit", ["unsaved": .boolean(true), "id": .integer(1)])
        == table.parse("debug://recipe-edit?id=1&unsaved"))
  }

  struct ErrorCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let thrown: LinkError?
    let expected: LinkError

    init(_ name: String, _ thrown: LinkError?, _ expected: LinkError) {
      self.testDescription = name
      self.thrown = thrown
      self.expected = expected
    }
  }

  static let errorCases: [ErrorCase] = [
    ErrorCase("an unknown route", linkError("recipee"), .unknownRoute("recipee", suggestion: "recipe")),
    ErrorCase(
      "route names are exact", linkError("Recipe", ["id": .integer(1)]),
      .unknownRoute("Recipe", suggestion: "recipe")),
    ErrorCase(
      "a missing parameter", linkError("recipe"), .argument(.missingParameter("id", route: "recipe"))),
    ErrorCase(
      "an unknown parameter", linkError("recipe", ["idd": .integer(1)]),
      .argument(.unknownParameter("idd", route: "recipe", suggestion: "id", known: ["id"]))),
    ErrorCase(
      "a parameter given twice", linkError("recipe", ["id": .integer(1), "id": .integer(2)]),
      .argument(.duplicateParameter("id"))),
    ErrorCase(
      "a value out of range", linkError("recipe", ["id": .integer(0)]),
      .argument(.invalidValue("id", .outOfRange(0, 1...999_999)))),
    ErrorCase(
      "a value of the wrong type", linkError("recipe", ["id": .string("abc")]),
      .argument(.invalidValue("id", .notAnInteger("abc")))),
    ErrorCase(
      "not one of the choices", linkError("recipes", ["sort": .string("best")]),
      .argument(
        .invalidValue("sort", .notAChoice("best", choices: ["name", "newest", "rating"], suggestion: nil)))),
  ]

  @Test("checks the route and its arguments", arguments: errorCases)
  func errors(_ example: ErrorCase) {
    #expect(example.thrown == example.expected)
  }
}
