import DeepLinkRoutes
import RecipeSampleRoutes
import Testing

/// The canonical URL of a parsed link: whatever the spelling parsed, `url(for:)` builds the one
/// URL of the link's route and values.
@Suite("Canonical URLs")
struct CanonicalURLTests {
  let table = RouteTable.recipeSample

  /// A route whose integer has no range, and a table whose scheme has capitals.
  static let numbers = RouteTable(routes: [plainRoute("n", [.integer("x", help: "")])])
  static let capitals = RouteTable(
    scheme: "MyApp", routes: [plainRoute("home", [.string("q", default: "", help: "")])])

  struct CanonicalCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let text: String
    let url: String

    /// `text` is not canonical: its link's URL is `url`.
    init(_ text: String, _ url: String) {
      self.testDescription = "\(text) → \(url)"
      self.text = text
      self.url = url
    }

    /// `text` is its link's canonical URL.
    init(_ text: String) {
      self.init(text, text)
    }
  }

  /// Written by hand from `url(for:)`'s rules: scheme and route as declared, no path, no
  /// empty pieces, parameters in declaration order, defaults left out, values as
  /// `ArgumentValue.text` writes them, percent-encoded byte by byte in uppercase hex.
  static let recipeSampleCases: [CanonicalCase] = [
    CanonicalCase("debug://settings"),
    CanonicalCase("debug://recipe?id=42"),
    CanonicalCase("debug://recipe-edit?id=42&unsaved=true"),
    CanonicalCase("debug://login-error?message=Try%20again%207"),
    CanonicalCase("debug://profile?id=user7"),
    CanonicalCase("debug://profile?id="),
    CanonicalCase("debug://profile?id=%F0%9F%98%80"),
    CanonicalCase("debug://profile?id=e%CC%81"),
    CanonicalCase("debug://profile?id=Az09-._~"),
    CanonicalCase("debug://recipes?sort=rating"),
    CanonicalCase("DEBUG://recipe?id=42", "debug://recipe?id=42"),
    CanonicalCase("debuG://recipe?id=42", "debug://recipe?id=42"),
    CanonicalCase("debug://Recipe?id=42", "debug://recipe?id=42"),
    CanonicalCase("debug://recipE?id=42", "debug://recipe?id=42"),
    CanonicalCase("debug://recipe/?id=42", "debug://recipe?id=42"),
    CanonicalCase("debug://settings/", "debug://settings"),
    CanonicalCase("debug://settings?", "debug://settings"),
    CanonicalCase("debug://settings/?", "debug://settings"),
    CanonicalCase("debug://recipe?&id=42", "debug://recipe?id=42"),
    CanonicalCase("debug://recipe?id=42&", "debug://recipe?id=42"),
    CanonicalCase("debug://recipe?id=+42", "debug://recipe?id=42"),
    CanonicalCase("debug://recipe?id=042", "debug://recipe?id=42"),
    CanonicalCase("debug://recipe?id=%2B42", "debug://recipe?id=42"),
    CanonicalCase("debug://recipe?%69d=42", "debug://recipe?id=42"),
    CanonicalCase("debug://recipe-edit?unsaved=true&id=42", "debug://recipe-edit?id=42&unsaved=true"),
    CanonicalCase("debug://recipe-edit?id=42&unsaved", "debug://recipe-edit?id=42&unsaved=true"),
    CanonicalCase("debug://recipe-edit?id=42&unsaved=1", "debug://recipe-edit?id=42&unsaved=true"),
    CanonicalCase("debug://recipe-edit?id=42&unsaved=TRUE", "debug://recipe-edit?id=42&unsaved=true"),
    CanonicalCase("debug://recipe-edit?id=42&unsaved=truE", "debug://recipe-edit?id=42&unsaved=true"),
    CanonicalCase("debug://recipe-edit?id=42&unsaved=false", "debug://recipe-edit?id=42"),
    CanonicalCase("debug://recipe-edit?id=42&unsaved=0", "debug://recipe-edit?id=42"),
    CanonicalCase("debug://profile?id=current", "debug://profile"),
    CanonicalCase("debug://recipes?sort=name", "debug://recipes"),
    CanonicalCase("debug://recipes?sort=rat%69ng", "debug://recipes?sort=rating"),
    CanonicalCase("debug://profile?id=a+b", "debug://profile?id=a%2Bb"),
    CanonicalCase("debug://profile?id=a%2bb", "debug://profile?id=a%2Bb"),
    CanonicalCase("debug://profile?id=%41", "debug://profile?id=A"),
    CanonicalCase("debug://profile?id=%7E", "debug://profile?id=~"),
    CanonicalCase("debug://profile?id=café", "debug://profile?id=caf%C3%A9"),
    CanonicalCase("debug://profile?id=caf%c3%a9", "debug://profile?id=caf%C3%A9"),
    CanonicalCase("debug://profile?id=caf%C3%a9", "debug://profile?id=caf%C3%A9"),
    CanonicalCase("debug://profile?id=a=b", "debug://profile?id=a%3Db"),
    CanonicalCase("debug://profile?id=a/b?c", "debug://profile?id=a%2Fb%3Fc"),
  ]

  @Test("a link's URL is the canonical one, whatever the spelling parsed", arguments: recipeSampleCases)
  func canonicalURL(_ example: CanonicalCase) throws {
    let link = try table.parse(example.text)
    #expect(table.url(for: link) == example.url)
    // The same link built from its values, with no text to keep, has the same URL.
    let rebuilt = try link.route.bind(link.arguments.map { ($0.name, $0.value.text) })
    #expect(table.url(for: rebuilt) == example.url)
  }

  static let numberCases: [CanonicalCase] = [
    CanonicalCase("debug://n?x=0"),
    CanonicalCase("debug://n?x=-5"),
    CanonicalCase("debug://n?x=123456789012345678"),
    CanonicalCase("debug://n?x=-0", "debug://n?x=0"),
    CanonicalCase("debug://n?x=00", "debug://n?x=0"),
    CanonicalCase("debug://n?x=+0", "debug://n?x=0"),
    CanonicalCase("debug://n?x=-05", "debug://n?x=-5"),
    CanonicalCase("debug://n?x=9223372036854775807"),
    CanonicalCase("debug://n?x=-9223372036854775808"),
    CanonicalCase("debug://n?x=0009223372036854775807", "debug://n?x=9223372036854775807"),
  ]

  @Test("integers are canonical without a plus, leading zeros or -0", arguments: numberCases)
  func canonicalIntegers(_ example: CanonicalCase) throws {
    let link = try Self.numbers.parse(example.text)
    #expect(Self.numbers.url(for: link) == example.url)
  }

  @Test("the scheme is canonical as the table declares it, capitals included")
  func declaredScheme() throws {
    let table = Self.capitals
    #expect(try table.url(for: table.parse("MyApp://home?q=x")) == "MyApp://home?q=x")
    #expect(try table.url(for: table.parse("myapp://home?q=x")) == "MyApp://home?q=x")
    #expect(try table.url(for: table.parse("MYAPP://home")) == "MyApp://home")
  }

  @Test("a key is canonical when its bytes are unreserved")
  func canonicalKeys() throws {
    // Parameter names are checked by `problems`, but neither building nor parsing trusts them.
    let table = RouteTable(routes: [plainRoute("odd", [.string("a!b", help: ""), .string("c-d", help: "")])])
    #expect(try table.url(for: table.parse("debug://odd?a!b=1&c-d=2")) == "debug://odd?a%21b=1&c-d=2")
    #expect(try table.url(for: table.parse("debug://odd?a%21b=1&c-d=2")) == "debug://odd?a%21b=1&c-d=2")
  }

  @Test("a link parsed by one table gets another table's scheme from that table")
  func otherTable() throws {
    let link = try table.parse("debug://recipe?id=42")
    let other = RouteTable(scheme: "other", routes: table.routes)
    #expect(other.url(for: link) == "other://recipe?id=42")
    let longer = RouteTable(scheme: "debugger", routes: table.routes)
    #expect(longer.url(for: link) == "debugger://recipe?id=42")
    let shorter = RouteTable(scheme: "debu", routes: table.routes)
    #expect(shorter.url(for: link) == "debu://recipe?id=42")
  }

  @Test(
    "small and large tables find every route, the first of a name, in any letter case",
    arguments: [5, 31, 32, 33, 500, 5_000])
  func routesOfLargeTables(routeCount: Int) throws {
    let routes = (0..<routeCount).map { Route("route-\($0)", summary: "Route \($0)") }
    let table = RouteTable(
      routes: routes + [Route("route-0", summary: "duplicate"), Route("", summary: "empty")])
    var found = 0
    for number in 0..<routeCount {
      for text in ["debug://route-\(number)", "debug://ROUTE-\(number)", "debug://Route-\(number)/"] {
        if try table.parse(text).route.summary == "Route \(number)" { found += 1 }
      }
    }
    #expect(found == 3 * routeCount)
    for unknown in ["route-\(routeCount)", "route-", "route-0x", "xroute-0", "route_0", "route-00"] {
      #expect(parseError("debug://\(unknown)", in: table)?.message.hasPrefix("unknown route") == true)
    }
  }

  @Test("a key is the first parameter whose name is canonically equivalent, not the first with its bytes")
  func canonicallyEquivalentKey() throws {
    // U+212A KELVIN SIGN is canonically equivalent to `K`: Swift's `==` says they are equal.
    let table = RouteTable(
      routes: [
        plainRoute("home", [.string("\u{212A}", default: "", help: ""), .string("K", default: "", help: "")])
      ])
    let link = try table.parse("debug://home?K=v")
    #expect(link.values.map { Array($0.text.utf8) } == [Array("v".utf8), []])
  }
}
