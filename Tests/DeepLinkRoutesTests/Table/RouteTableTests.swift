import DeepLinkRoutes
import RecipeSampleRoutes
import Testing

/// The table itself: lookup, reserved names, the version fingerprint, and scale.
@Suite("Route table")
struct RouteTableTests {
  @Test("looks a route up by its exact name")
  func lookup() {
    let table = RouteTable.recipeSample
    #expect(table.route(named: "recipe-edit")?.name == "recipe-edit")
    #expect(table.route(named: "Recipe") == nil)
    #expect(table.route(named: "") == nil)
  }

  @Test("keeps the first of two routes with the same name")
  func firstOfDuplicates() {
    let table = RouteTable(routes: [
      Route("home", summary: "first"),
      Route("home", summary: "second"),
    ])
    #expect(table.route(named: "home")?.summary == "first")
    #expect(table.routes.count == 2)
  }

  @Test("suggests the closest route name")
  func suggestion() {
    #expect(RouteTable.recipeSample.suggestion(for: "recipee") == "recipe")
    #expect(RouteTable.recipeSample.suggestion(for: "favourites") == "favorites")
    #expect(RouteTable.recipeSample.suggestion(for: "zzzzzz") == nil)
  }

  /// The table answers a name far longer than any route's without looking at the routes, and
  /// the bound it uses counts bytes after lowercasing, which can shrink a name to a quarter.
  @Test("a long name is suggested nothing, but one that lowercases short still is")
  func suggestionForLongNames() {
    let table = RouteTable(routes: [Route("kkkk", summary: "k"), Route("home", summary: "h")])
    // Four KELVIN SIGNs: 12 bytes, 8 more than the longest name, lowercased "kkkk".
    #expect(table.suggestion(for: String(repeating: "\u{212A}", count: 4)) == "kkkk")
    #expect(table.suggestion(for: String(repeating: "\u{212A}", count: 4) + "x") == "kkkk")
    #expect(table.suggestion(for: "kkkkxx") == "kkkk")
    #expect(table.suggestion(for: "kkkkxxx") == nil)
    #expect(table.suggestion(for: String(repeating: "k", count: 60_000)) == nil)
    #expect(Self.large.suggestion(for: String(repeating: "x", count: 60_000)) == nil)
    #expect(table.route(named: "kkkkk") == nil)
    #expect(table.route(named: "kkkk")?.name == "kkkk")
  }

  // MARK: - Version

  static func table(_ parameter: Parameter) -> RouteTable {
    RouteTable(routes: [plainRoute("home", [parameter])])
  }

  @Test("the version is 16 lowercase hex digits")
  func versionShape() {
    let version = RouteTable.recipeSample.version
    #expect(version.count == 16)
    #expect(version.allSatisfy { "0123456789abcdef".contains($0) })
  }

  /// The app and the tool compute the version in different processes, so it must not depend on
  /// anything seeded per process (Swift's `Hasher` is): the expected values are 64-bit FNV-1a
  /// worked out by hand (outside Swift) over the fields in the order the doc comment gives, each
  /// text followed by a 0 byte and each number as eight little-endian bytes.
  @Test("the version is the same in every process: a fixed value for fixed declarations")
  func versionPinned() {
    #expect(Self.table(.integer("n", range: 1...5, default: 2, help: "one")).version == "fdebc28bc0462ecf")
    let search = plainRoute(
      "search",
      [
        .string("q", default: "x", help: ""), .choice("c", ["a", "b"], help: ""), .flag("f", help: ""),
        .integer("d", range: -3...3, help: ""),
      ])
    #expect(RouteTable(routes: [plainRoute("home"), search]).version == "ed8ef03137a03ce0")
  }

  @Test("the version is the same for the same declarations")
  func versionStable() {
    #expect(RouteTable(routes: RouteTable.recipeSample.routes).version == RouteTable.recipeSample.version)
    let a = Self.table(.integer("n", range: 1...5, default: 2, help: "one"))
    let b = Self.table(.integer("n", range: 1...5, default: 2, help: "one"))
    #expect(a.version == b.version)
  }

  @Test("help text is not part of what a link means")
  func versionIgnoresHelp() {
    let a = Self.table(.integer("n", default: 2, help: "one"))
    let b = Self.table(.integer("n", default: 2, help: "another"))
    #expect(a.version == b.version)
  }

  struct VersionChange: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let before: Parameter
    let after: Parameter

    init(_ name: String, _ before: Parameter, _ after: Parameter) {
      self.testDescription = name
      self.before = before
      self.after = after
    }
  }

  static let versionChangeCases: [VersionChange] = [
    VersionChange(
      "a default changes", .integer("n", default: 2, help: ""), .integer("n", default: 3, help: "")),
    VersionChange("a default is added", .integer("n", help: ""), .integer("n", default: 2, help: "")),
    VersionChange(
      "a range changes", .integer("n", range: 1...5, help: ""), .integer("n", range: 1...6, help: "")),
    VersionChange("a range is added", .integer("n", help: ""), .integer("n", range: 1...5, help: "")),
    VersionChange("the type changes", .integer("n", help: ""), .string("n", help: "")),
    VersionChange(
      "the type changes, same default text", .integer("n", default: 1, help: ""),
      .string("n", default: "1", help: "")),
    VersionChange("a choice is added", .choice("c", ["a"], help: ""), .choice("c", ["a", "b"], help: "")),
    VersionChange(
      "choices are reordered", .choice("c", ["a", "b"], help: ""), .choice("c", ["b", "a"], help: "")),
    VersionChange("the name changes", .string("a", help: ""), .string("b", help: "")),
    VersionChange(
      "a string default changes", .string("s", default: "x", help: ""), .string("s", default: "y", help: "")),
  ]

  @Test("the version changes when a parameter changes", arguments: versionChangeCases)
  func versionChanges(_ change: VersionChange) {
    #expect(Self.table(change.before).version != Self.table(change.after).version)
  }

  @Test("the version changes when a route or the scheme changes")
  func versionChangesWithRoutes() {
    let base = RouteTable(routes: [plainRoute("home")])
    let renamed = RouteTable(routes: [plainRoute("house")])
    let otherScheme = RouteTable(scheme: "other", routes: [plainRoute("home")])
    let added = RouteTable(routes: [plainRoute("home"), plainRoute("away")])
    let versions = [base, renamed, otherScheme, added].map(\.version)
    #expect(Set(versions).count == versions.count)
    #expect(RouteTable.recipeSample.version != base.version)
  }

  // MARK: - Scale

  /// 10,000 routes `route-1` … `route-10000`, each with a required integer and a string.
  static let large = RouteTable(
    routes: (1...10_000).map { number in
      plainRoute("route-\(number)", [.integer("n", help: ""), .string("label", default: "", help: "")])
    })

  @Test("a table of 10,000 routes is sound")
  func largeTableIsSound() {
    #expect(Self.large.routes.count == 10_000)
    #expect(Self.large.problems.isEmpty)
  }

  @Test(
    "a table of 10,000 routes builds and parses links at its start, middle and end",
    arguments: ["route-1", "route-2", "route-5000", "route-9999", "route-10000"])
  func largeTable(_ name: String) throws {
    let table = Self.large
    let link = try table.link(name, ["n": .integer(1234), "label": .string("a b")])
    let url = table.url(for: link)
    #expect(url == "debug://\(name)?n=1234&label=a%20b")
    let parsed = try table.parse(url)
    #expect(parsed == link)
    #expect(parsed.route.name == name)
    #expect(try table.parse("DEBUG://\(name.uppercased())/?n=-5")["n"] == .integer(-5))
  }

  @Test("a table of 10,000 routes still suggests and rejects")
  func largeTableErrors() {
    let table = Self.large
    #expect(
      parseError("debug://route-5000x?n=1", in: table)
        == .unknownRoute("route-5000x", suggestion: "route-5000"))
    #expect(
      parseError("debug://route-10001?n=1", in: table)
        == .unknownRoute("route-10001", suggestion: "route-1000"))
    #expect(parseError("debug://zzzzzzzz", in: table) == .unknownRoute("zzzzzzzz", suggestion: nil))
    #expect(
      parseError("debug://route-7?nn=1", in: table)
        == .argument(.unknownParameter("nn", route: "route-7", suggestion: "n", known: ["n", "label"])))
  }
}
