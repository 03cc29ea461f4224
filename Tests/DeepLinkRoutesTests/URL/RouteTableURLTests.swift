import DeepLinkRoutes
import RecipeSampleRoutes
import Testing

/// `url(for:)` and `parse(_:)` on valid links: what a link looks like, and what it means.
@Suite("Building and parsing debug links")
struct RouteTableURLTests {
  let table = RouteTable.recipeSample

  // MARK: - Building

  struct BuildCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let route: String
    let arguments: [(String, ArgumentValue)]
    let url: String

    init(_ name: String, _ route: String, _ arguments: [(String, ArgumentValue)] = [], _ url: String) {
      self.testDescription = name
      self.route = route
      self.arguments = arguments
      self.url = url
    }

    init(_ name: String, _ route: String, _ url: String) {
      self.init(name, route, [], url)
    }
  }

  static let buildCases: [BuildCase] = [
    BuildCase("a route without parameters", "settings", "debug://settings"),
    BuildCase("a required integer", "recipe", [("id", .integer(42))], "debug://recipe?id=42"),
    BuildCase("an optional string left at its default", "profile", "debug://profile"),
    BuildCase(
      "an optional string given its default value", "profile", [("id", .string("current"))],
      "debug://profile"),
    BuildCase(
      "an optional string not at its default", "profile", [("id", .string("123"))], "debug://profile?id=123"),
    BuildCase(
      "defaults compare case-sensitively", "profile", [("id", .string("Current"))],
      "debug://profile?id=Current"),
    BuildCase("a choice at its default", "recipes", [("sort", .string("name"))], "debug://recipes"),
    BuildCase(
      "a choice not at its default", "recipes", [("sort", .string("rating"))], "debug://recipes?sort=rating"),
    BuildCase("a flag left false", "recipe-edit", [("id", .integer(42))], "debug://recipe-edit?id=42"),
    BuildCase(
      "a flag set, after the parameters declared before it", "recipe-edit",
      [("id", .integer(42)), ("unsaved", .boolean(true))], "debug://recipe-edit?id=42&unsaved=true"),
    BuildCase(
      "parameters in declaration order, whatever order they were given in", "recipe-edit",
      [("unsaved", .boolean(true)), ("id", .integer(7))], "debug://recipe-edit?id=7&unsaved=true"),
    BuildCase("the default login message", "login-error", "debug://login-error"),
    BuildCase(
      "a custom login message", "login-error", [("message", .string("Account locked"))],
      "debug://login-error?message=Account%20locked"),
    BuildCase("an override route", "recipe-error", "debug://recipe-error"),
    BuildCase("reset", "reset", "debug://reset"),
  ]

  @Test("builds the URL of a link", arguments: buildCases)
  func builds(_ example: BuildCase) throws {
    let route = try #require(table.route(named: example.route))
    let link = try route.bind(example.arguments.map { ($0.0, $0.1.text) })
    #expect(table.url(for: link) == example.url)
  }

  struct EncodingCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let value: String
    let encoded: String

    init(_ name: String, _ value: String, _ encoded: String) {
      self.testDescription = name
      self.value = value
      self.encoded = encoded
    }
  }

  /// RFC 3986: everything but `A-Z a-z 0-9 - . _ ~` is escaped as `%XX`, uppercase hex, byte by
  /// byte of the UTF-8 encoding.
  static let encodingCases: [EncodingCase] = [
    EncodingCase("unreserved characters stay as they are", "Az09-._~", "Az09-._~"),
    EncodingCase("a space is %20, never +", "a b", "a%20b"),
    EncodingCase("an ampersand", "a&b", "a%26b"),
    EncodingCase("an equals sign", "a=b", "a%3Db"),
    EncodingCase("a hash", "a#b", "a%23b"),
    EncodingCase("a percent sign", "100%", "100%25"),
    EncodingCase("a literal plus", "a+b", "a%2Bb"),
    EncodingCase("double quotes", "\"quoted\"", "%22quoted%22"),
    EncodingCase("a single quote", "it's", "it%27s"),
    EncodingCase("a backslash", #"a\b"#, "a%5Cb"),
    EncodingCase("a slash and a question mark", "a/b?c", "a%2Fb%3Fc"),
    EncodingCase("a tab and a newline", "a\tb\n", "a%09b%0A"),
    EncodingCase("a NUL character", "a\u{0}b", "a%00b"),
    EncodingCase("non-ASCII, as UTF-8", "café", "caf%C3%A9"),
    EncodingCase("a combining mark, kept apart", "e\u{301}", "e%CC%81"),
    EncodingCase("CJK", "中", "%E4%B8%AD"),
    EncodingCase("an emoji", "😀", "%F0%9F%98%80"),
    EncodingCase("the empty string", "", ""),
  ]

  @Test("percent-encodes query values per RFC 3986", arguments: encodingCases)
  func encodes(_ example: EncodingCase) throws {
    let link = try table.link("profile", ["id": .string(example.value)])
    #expect(table.url(for: link) == "debug://profile?id=\(example.encoded)")
  }

  @Test("percent-encodes query keys too")
  func encodesKeys() throws {
    // Parameter names are checked by `problems`, but building never trusts them.
    let table = RouteTable(routes: [plainRoute("odd", [.string("a b", help: "")])])
    let link = try table.link("odd", ["a b": .string("c")])
    #expect(table.url(for: link) == "debug://odd?a%20b=c")
    #expect(try table.parse("debug://odd?a%20b=c") == link)
  }

  @Test("uses the table's scheme")
  func usesScheme() throws {
    let table = RouteTable(scheme: "myapp-debug", routes: [plainRoute("home")])
    let link = try table.link("home")
    #expect(table.url(for: link) == "myapp-debug://home")
    #expect(try table.parse("MyApp-Debug://home") == link)
  }

  @Test("a scheme declared with capitals still compares case-insensitively")
  func capitalizedScheme() throws {
    let table = RouteTable(scheme: "MyApp", routes: [plainRoute("home")])
    let link = try table.link("home")
    #expect(table.url(for: link) == "MyApp://home")
    #expect(try table.parse("myapp://home") == link)
    #expect(try table.parse("MYAPP://home") == link)
  }

  // MARK: - Parsing

  struct ParseCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let url: String
    let route: String
    let values: [ArgumentValue]

    init(_ name: String, _ url: String, _ route: String, _ values: [ArgumentValue] = []) {
      self.testDescription = name
      self.url = url
      self.route = route
      self.values = values
    }
  }

  /// One case per built-in route at least, with every value (defaults filled in).
  static let recipeSampleCases: [ParseCase] = [
    ParseCase("settings", "debug://settings", "settings"),
    ParseCase("profile, default id", "debug://profile", "profile", [.string("current")]),
    ParseCase("profile of user 123", "debug://profile?id=123", "profile", [.string("123")]),
    ParseCase("recipes, default sort", "debug://recipes", "recipes", [.string("name")]),
    ParseCase("recipes by rating", "debug://recipes?sort=rating", "recipes", [.string("rating")]),
    ParseCase("recipe 42", "debug://recipe?id=42", "recipe", [.integer(42)]),
    ParseCase("recipe at the bottom of its range", "debug://recipe?id=1", "recipe", [.integer(1)]),
    ParseCase("recipe at the top of its range", "debug://recipe?id=999999", "recipe", [.integer(999_999)]),
    ParseCase("recipe-edit", "debug://recipe-edit?id=42", "recipe-edit", [.integer(42), .boolean(false)]),
    ParseCase(
      "recipe-edit with unsaved changes", "debug://recipe-edit?id=42&unsaved=true", "recipe-edit",
      [.integer(42), .boolean(true)]),
    ParseCase("login", "debug://login", "login"),
    ParseCase(
      "login-error, default message", "debug://login-error", "login-error", [.string("Invalid credentials")]),
    ParseCase(
      "login-error, custom message", "debug://login-error?message=Account%20locked", "login-error",
      [.string("Account locked")]),
    ParseCase("recipe-empty", "debug://recipe-empty", "recipe-empty"),
    ParseCase("recipe-error", "debug://recipe-error", "recipe-error"),
    ParseCase("favorites", "debug://favorites", "favorites"),
    ParseCase("favorites-empty", "debug://favorites-empty", "favorites-empty"),
    ParseCase("reset", "debug://reset", "reset"),
  ]

  @Test("the parse cases cover every built-in route")
  func coversTheRecipeSample() {
    #expect(Set(Self.recipeSampleCases.map(\.route)) == Set(recipeSampleRouteNames))
  }

  /// Equivalent spellings of the same link.
  static let spellingCases: [ParseCase] = [
    ParseCase("scheme and host are case-insensitive", "DEBUG://Recipe?id=42", "recipe", [.integer(42)]),
    ParseCase("mixed case", "Debug://RECIPE-EDIT?id=7", "recipe-edit", [.integer(7), .boolean(false)]),
    ParseCase("a trailing slash", "debug://recipe/?id=42", "recipe", [.integer(42)]),
    ParseCase("a trailing slash, no query", "debug://settings/", "settings"),
    ParseCase("an empty query", "debug://settings?", "settings"),
    ParseCase("empty query pieces are skipped", "debug://recipe?&id=42&&", "recipe", [.integer(42)]),
    ParseCase("a plus is a literal plus", "debug://profile?id=a+b", "profile", [.string("a+b")]),
    ParseCase("an encoded plus", "debug://profile?id=a%2Bb", "profile", [.string("a+b")]),
    ParseCase("lowercase hex escapes", "debug://profile?id=a%2bb%c3%a9", "profile", [.string("a+bé")]),
    ParseCase("an encoded space", "debug://profile?id=a%20b", "profile", [.string("a b")]),
    ParseCase(
      "an encoded ampersand and equals", "debug://profile?id=a%26b%3Dc", "profile", [.string("a&b=c")]),
    ParseCase("an encoded hash", "debug://profile?id=%23tag", "profile", [.string("#tag")]),
    ParseCase("an encoded percent", "debug://profile?id=100%25", "profile", [.string("100%")]),
    ParseCase("an encoded emoji", "debug://profile?id=%F0%9F%98%80", "profile", [.string("😀")]),
    ParseCase("raw UTF-8 is taken as it is", "debug://profile?id=café", "profile", [.string("café")]),
    ParseCase("an equals sign in a value", "debug://profile?id=a=b", "profile", [.string("a=b")]),
    ParseCase(
      "a slash and question mark in a value", "debug://profile?id=a/b?c", "profile", [.string("a/b?c")]),
    ParseCase("an empty string value", "debug://profile?id=", "profile", [.string("")]),
    ParseCase("an encoded key", "debug://recipe?%69d=42", "recipe", [.integer(42)]),
    ParseCase(
      "a bare boolean key means true", "debug://recipe-edit?id=42&unsaved", "recipe-edit",
      [.integer(42), .boolean(true)]),
    ParseCase(
      "a boolean as 1", "debug://recipe-edit?id=42&unsaved=1", "recipe-edit", [.integer(42), .boolean(true)]),
    ParseCase(
      "a boolean as false", "debug://recipe-edit?id=42&unsaved=false", "recipe-edit",
      [.integer(42), .boolean(false)]),
    ParseCase(
      "a boolean as 0", "debug://recipe-edit?id=42&unsaved=0", "recipe-edit", [.integer(42), .boolean(false)]),
    ParseCase(
      "parameters in any order", "debug://recipe-edit?unsaved&id=42", "recipe-edit",
      [.integer(42), .boolean(true)]),
    ParseCase("an integer with a plus sign", "debug://recipe?id=%2B42", "recipe", [.integer(42)]),
    ParseCase("an integer with leading zeros", "debug://recipe?id=0042", "recipe", [.integer(42)]),
  ]

  @Test("parses a link", arguments: recipeSampleCases + spellingCases)
  func parses(_ example: ParseCase) throws {
    let link = try table.parse(example.url)
    #expect(link.route.name == example.route)
    #expect(link.values == example.values)
  }

  @Test("parsed string values keep their exact bytes", arguments: ["e\u{301}", "\u{E9}", "a\u{308}\u{323}"])
  func keepsBytes(_ value: String) throws {
    // Swift's `==` on strings is canonical equivalence; a link must not normalise its text.
    let link = try table.link("profile", ["id": .string(value)])
    let parsed = try table.parse(table.url(for: link))
    guard case .string(let text) = parsed["id"] else {
      Issue.record("id is not a string: \(String(describing: parsed["id"]))")
      return
    }
    #expect(Array(text.utf8) == Array(value.utf8))
  }

  @Test("a parsed link builds its canonical URL", arguments: spellingCases)
  func canonicalURL(_ example: ParseCase) throws {
    let link = try table.parse(example.url)
    let canonical = table.url(for: link)
    #expect(canonical.hasPrefix("debug://\(example.route)"))
    #expect(try table.parse(canonical) == link)
  }
}
