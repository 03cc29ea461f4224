import DeepLinkRoutes
import Testing

/// Every way a string fails to be a debug link of the built-in table: the exact error value,
/// and the exact sentence a user reads.
@Suite("Link errors")
struct LinkErrorTests {
  struct ErrorCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let url: String
    let error: LinkError
    let message: String

    init(_ name: String, _ url: String, _ error: LinkError, _ message: String) {
      self.testDescription = name
      self.url = url
      self.error = error
      self.message = message
    }
  }

  static let shape = "expected debug://<route>?<name>=<value>"

  static let notALinkCases: [ErrorCase] = [
    ErrorCase(
      "no '://' at all", "recipe?id=42", .notAURL("recipe?id=42", reason: "it has no '://'", scheme: "debug"),
      "'recipe?id=42' is not a debug link: it has no '://'; \(shape)"),
    ErrorCase(
      "a colon without slashes", "debug:recipe",
      .notAURL("debug:recipe", reason: "it has no '://'", scheme: "debug"),
      "'debug:recipe' is not a debug link: it has no '://'; \(shape)"),
    ErrorCase(
      "the empty string", "", .notAURL("", reason: "it has no '://'", scheme: "debug"),
      "'' is not a debug link: it has no '://'; \(shape)"),
    ErrorCase(
      "no scheme before '://'", "://recipe",
      .notAURL("://recipe", reason: "it has no scheme before '://'", scheme: "debug"),
      "'://recipe' is not a debug link: it has no scheme before '://'; \(shape)"),
    ErrorCase(
      "a colon in the scheme", "a:b://recipe",
      .notAURL("a:b://recipe", reason: "'a:b' is not a scheme", scheme: "debug"),
      "'a:b://recipe' is not a debug link: 'a:b' is not a scheme; \(shape)"),
    ErrorCase(
      "an underscore in the scheme", "de_bug://recipe",
      .notAURL("de_bug://recipe", reason: "'de_bug' is not a scheme", scheme: "debug"),
      "'de_bug://recipe' is not a debug link: 'de_bug' is not a scheme; \(shape)"),
    ErrorCase(
      "a scheme starting with a digit", "1debug://recipe",
      .notAURL("1debug://recipe", reason: "'1debug' is not a scheme", scheme: "debug"),
      "'1debug://recipe' is not a debug link: '1debug' is not a scheme; \(shape)"),
    ErrorCase(
      "a space in the scheme", "de bug://recipe",
      .notAURL("de bug://recipe", reason: "'de bug' is not a scheme", scheme: "debug"),
      "'de bug://recipe' is not a debug link: 'de bug' is not a scheme; \(shape)"),
    ErrorCase(
      "a space in a value", "debug://recipe?id=4 2",
      .notAURL(
        "debug://recipe?id=4 2", reason: "it contains a space at offset 19 (percent-encode it as %20)",
        scheme: "debug"),
      "'debug://recipe?id=4 2' is not a debug link: it contains a space at offset 19 (percent-encode it as %20);"
        + " \(shape)"),
    ErrorCase(
      "a space in the route", "debug://rec ipe",
      .notAURL(
        "debug://rec ipe", reason: "it contains a space at offset 11 (percent-encode it as %20)",
        scheme: "debug"),
      "'debug://rec ipe' is not a debug link: it contains a space at offset 11 (percent-encode it as %20); \(shape)"
    ),
    ErrorCase(
      "a tab", "debug://recipe?id=4\t2",
      .notAURL(
        "debug://recipe?id=4\t2", reason: "it contains a control character at offset 19", scheme: "debug"),
      "'debug://recipe?id=4\t2' is not a debug link: it contains a control character at offset 19; \(shape)"),
    ErrorCase(
      "a trailing newline", "debug://recipe?id=42\n",
      .notAURL(
        "debug://recipe?id=42\n", reason: "it contains a control character at offset 20", scheme: "debug"),
      "'debug://recipe?id=42\n' is not a debug link: it contains a control character at offset 20; \(shape)"),
    ErrorCase(
      "a DEL character", "debug://recipe?id=42\u{7F}",
      .notAURL(
        "debug://recipe?id=42\u{7F}", reason: "it contains a control character at offset 20", scheme: "debug"),
      "'debug://recipe?id=42\u{7F}' is not a debug link: it contains a control character at offset 20; \(shape)"
    ),
    ErrorCase(
      "a NUL character", "debug://\u{0}",
      .notAURL("debug://\u{0}", reason: "it contains a control character at offset 8", scheme: "debug"),
      "'debug://\u{0}' is not a debug link: it contains a control character at offset 8; \(shape)"),
  ]

  static let wrongPlaceCases: [ErrorCase] = [
    ErrorCase(
      "another scheme", "https://recipe?id=42", .wrongScheme(found: "https", expected: "debug"),
      "wrong scheme 'https://'; debug links start with debug://"),
    ErrorCase(
      "another scheme, named in lowercase", "MyApp://recipe", .wrongScheme(found: "myapp", expected: "debug"),
      "wrong scheme 'myapp://'; debug links start with debug://"),
    ErrorCase(
      "a scheme that only starts like debug", "debugx://recipe",
      .wrongScheme(found: "debugx", expected: "debug"),
      "wrong scheme 'debugx://'; debug links start with debug://"),
    ErrorCase(
      "no route", "debug://", .missingRoute(scheme: "debug", example: "settings"),
      "the link names no route; expected debug://<route>, such as debug://settings"),
    ErrorCase(
      "no route, a slash", "debug:///", .missingRoute(scheme: "debug", example: "settings"),
      "the link names no route; expected debug://<route>, such as debug://settings"),
    ErrorCase(
      "no route, a query", "debug://?id=42", .missingRoute(scheme: "debug", example: "settings"),
      "the link names no route; expected debug://<route>, such as debug://settings"),
    ErrorCase(
      "an unknown route close to a known one", "debug://recipee?id=42",
      .unknownRoute("recipee", suggestion: "recipe"), "unknown route 'recipee' — did you mean 'recipe'?"),
    ErrorCase(
      "an unknown route with a transposition", "debug://setitngs",
      .unknownRoute("setitngs", suggestion: "settings"), "unknown route 'setitngs' — did you mean 'settings'?"
    ),
    ErrorCase(
      "an unknown route, named in lowercase", "debug://Recipee",
      .unknownRoute("recipee", suggestion: "recipe"),
      "unknown route 'recipee' — did you mean 'recipe'?"),
    ErrorCase(
      "an unknown route close to none", "debug://zzzzzz", .unknownRoute("zzzzzz", suggestion: nil),
      "unknown route 'zzzzzz'"),
    ErrorCase(
      "a reserved command name is not a route", "debug://help", .unknownRoute("help", suggestion: nil),
      "unknown route 'help'"),
    ErrorCase(
      "a path after the route", "debug://recipe/42", .unexpectedPath("/42", scheme: "debug"),
      "unexpected path '/42'; a debug link is debug://<route>?<name>=<value>, with no path"),
    ErrorCase(
      "two slashes after the route", "debug://recipe//?id=42", .unexpectedPath("//", scheme: "debug"),
      "unexpected path '//'; a debug link is debug://<route>?<name>=<value>, with no path"),
    ErrorCase(
      "a port after the route", "debug://recipe:80?id=42", .unknownRoute("recipe:80", suggestion: "recipe"),
      "unknown route 'recipe:80' — did you mean 'recipe'?"),
    ErrorCase(
      "a fragment after the query", "debug://recipe?id=42#top", .unexpectedFragment("top"),
      "unexpected fragment '#top'; debug links take no fragment (percent-encode '#' as %23)"),
    ErrorCase(
      "a fragment in a value", "debug://profile?id=a#b", .unexpectedFragment("b"),
      "unexpected fragment '#b'; debug links take no fragment (percent-encode '#' as %23)"),
    ErrorCase(
      "an empty fragment", "debug://settings#", .unexpectedFragment(""),
      "unexpected fragment '#'; debug links take no fragment (percent-encode '#' as %23)"),
  ]

  static let escapesCases: [ErrorCase] = [
    ErrorCase(
      "one hex digit", "debug://profile?id=%4", .malformedPercentEscape("%4"),
      "malformed percent-escape in '%4'; '%' must be followed by two hex digits (write '%' as %25)"),
    ErrorCase(
      "not hex digits", "debug://profile?id=%zz", .malformedPercentEscape("%zz"),
      "malformed percent-escape in '%zz'; '%' must be followed by two hex digits (write '%' as %25)"),
    ErrorCase(
      "one hex digit then a letter", "debug://profile?id=%4g", .malformedPercentEscape("%4g"),
      "malformed percent-escape in '%4g'; '%' must be followed by two hex digits (write '%' as %25)"),
    ErrorCase(
      "a trailing percent sign", "debug://profile?id=100%", .malformedPercentEscape("100%"),
      "malformed percent-escape in '100%'; '%' must be followed by two hex digits (write '%' as %25)"),
    ErrorCase(
      "a bad escape in a key", "debug://profile?i%d=1", .malformedPercentEscape("i%d"),
      "malformed percent-escape in 'i%d'; '%' must be followed by two hex digits (write '%' as %25)"),
    ErrorCase(
      "a byte that is never UTF-8", "debug://profile?id=%FF", .invalidUTF8("%FF"),
      "'%FF' decodes to bytes that are not UTF-8"),
    ErrorCase(
      "a truncated sequence", "debug://profile?id=caf%C3", .invalidUTF8("caf%C3"),
      "'caf%C3' decodes to bytes that are not UTF-8"),
    ErrorCase(
      "an overlong encoding of '/'", "debug://profile?id=%C0%AF", .invalidUTF8("%C0%AF"),
      "'%C0%AF' decodes to bytes that are not UTF-8"),
    ErrorCase(
      "an encoded surrogate", "debug://profile?id=%ED%A0%80", .invalidUTF8("%ED%A0%80"),
      "'%ED%A0%80' decodes to bytes that are not UTF-8"),
    ErrorCase(
      "invalid UTF-8 in a key", "debug://profile?%FF=1", .invalidUTF8("%FF"),
      "'%FF' decodes to bytes that are not UTF-8"),
  ]

  static let argumentsCases: [ErrorCase] = [
    ErrorCase(
      "an unknown parameter close to a known one", "debug://recipe?idd=42",
      .argument(.unknownParameter("idd", route: "recipe", suggestion: "id", known: ["id"])),
      "unknown parameter 'idd' for recipe — did you mean 'id'?"),
    ErrorCase(
      "a parameter in the wrong case", "debug://recipe?ID=42",
      .argument(.unknownParameter("ID", route: "recipe", suggestion: "id", known: ["id"])),
      "unknown parameter 'ID' for recipe — did you mean 'id'?"),
    ErrorCase(
      "an unknown parameter close to none", "debug://recipe-edit?color=red",
      .argument(.unknownParameter("color", route: "recipe-edit", suggestion: nil, known: ["id", "unsaved"])),
      "unknown parameter 'color'; recipe-edit takes id, unsaved"),
    ErrorCase(
      "a parameter for a route that takes none", "debug://settings?id=1",
      .argument(.unknownParameter("id", route: "settings", suggestion: nil, known: [])),
      "unknown parameter 'id'; settings takes none"),
    ErrorCase(
      "an unknown parameter, before a missing one", "debug://recipe?zzz=1",
      .argument(.unknownParameter("zzz", route: "recipe", suggestion: nil, known: ["id"])),
      "unknown parameter 'zzz'; recipe takes id"),
    ErrorCase(
      "an empty key", "debug://recipe?=42",
      .argument(.unknownParameter("", route: "recipe", suggestion: nil, known: ["id"])),
      "unknown parameter ''; recipe takes id"),
    ErrorCase(
      "a missing required parameter", "debug://recipe", .argument(.missingParameter("id", route: "recipe")),
      "recipe requires id"),
    ErrorCase(
      "a missing required parameter, another given", "debug://recipe-edit?unsaved",
      .argument(.missingParameter("id", route: "recipe-edit")), "recipe-edit requires id"),
    ErrorCase(
      "a duplicate parameter", "debug://recipe?id=1&id=2", .argument(.duplicateParameter("id")),
      "id is given twice; give it once"),
    ErrorCase(
      "a duplicate parameter with the same value", "debug://recipe?id=1&id=1",
      .argument(.duplicateParameter("id")),
      "id is given twice; give it once"),
    ErrorCase(
      "a duplicate flag", "debug://recipe-edit?id=1&unsaved&unsaved=false",
      .argument(.duplicateParameter("unsaved")), "unsaved is given twice; give it once"),
    ErrorCase(
      "an integer without a value", "debug://recipe?id", .argument(.missingValue("id")), "id needs a value"),
    ErrorCase(
      "a string without a value", "debug://profile?id", .argument(.missingValue("id")), "id needs a value"),
    ErrorCase(
      "a choice without a value", "debug://recipes?sort", .argument(.missingValue("sort")),
      "sort needs a value"),
    ErrorCase(
      "not an integer", "debug://recipe?id=abc", .argument(.invalidValue("id", .notAnInteger("abc"))),
      "id expects an integer, got 'abc'"),
    ErrorCase(
      "an empty integer", "debug://recipe?id=", .argument(.invalidValue("id", .notAnInteger(""))),
      "id expects an integer, got ''"),
    ErrorCase(
      "a decimal number", "debug://recipe?id=4.2", .argument(.invalidValue("id", .notAnInteger("4.2"))),
      "id expects an integer, got '4.2'"),
    ErrorCase(
      "an integer with an encoded space", "debug://recipe?id=%2042",
      .argument(.invalidValue("id", .notAnInteger(" 42"))), "id expects an integer, got ' 42'"),
    ErrorCase(
      "below the range", "debug://recipe?id=0", .argument(.invalidValue("id", .outOfRange(0, 1...999_999))),
      "id expects an integer from 1 to 999999, got 0"),
    ErrorCase(
      "above the range", "debug://recipe?id=1000000",
      .argument(.invalidValue("id", .outOfRange(1_000_000, 1...999_999))),
      "id expects an integer from 1 to 999999, got 1000000"),
    ErrorCase(
      "negative, below the range", "debug://recipe?id=-1",
      .argument(.invalidValue("id", .outOfRange(-1, 1...999_999))),
      "id expects an integer from 1 to 999999, got -1"),
    ErrorCase(
      "an integer overflow", "debug://recipe?id=99999999999999999999",
      .argument(.invalidValue("id", .integerOverflow("99999999999999999999", range: 1...999_999))),
      "id expects an integer from 1 to 999999, got '99999999999999999999' (too large)"),
    ErrorCase(
      "a negative integer overflow", "debug://recipe?id=-99999999999999999999",
      .argument(.invalidValue("id", .integerOverflow("-99999999999999999999", range: 1...999_999))),
      "id expects an integer from 1 to 999999, got '-99999999999999999999' (too small)"),
    ErrorCase(
      "one past Int.max", "debug://recipe?id=9223372036854775808",
      .argument(.invalidValue("id", .integerOverflow("9223372036854775808", range: 1...999_999))),
      "id expects an integer from 1 to 999999, got '9223372036854775808' (too large)"),
    ErrorCase(
      "not a boolean", "debug://recipe-edit?id=1&unsaved=yes",
      .argument(.invalidValue("unsaved", .notABoolean("yes"))),
      "unsaved expects true or false (also 1 or 0; any letter case), got 'yes'"),
    ErrorCase(
      "an empty boolean", "debug://recipe-edit?id=1&unsaved=",
      .argument(.invalidValue("unsaved", .notABoolean(""))),
      "unsaved expects true or false (also 1 or 0; any letter case), got ''"),
    ErrorCase(
      "not one of the choices, close to one", "debug://recipes?sort=nme",
      .argument(
        .invalidValue("sort", .notAChoice("nme", choices: ["name", "newest", "rating"], suggestion: "name"))),
      "sort expects one of name, newest, rating, got 'nme' (did you mean 'name'?)"),
    ErrorCase(
      "a choice in the wrong case", "debug://recipes?sort=Rating",
      .argument(
        .invalidValue(
          "sort", .notAChoice("Rating", choices: ["name", "newest", "rating"], suggestion: "rating"))),
      "sort expects one of name, newest, rating, got 'Rating' (did you mean 'rating'?)"),
    ErrorCase(
      "not one of the choices, close to none", "debug://recipes?sort=zzz",
      .argument(
        .invalidValue("sort", .notAChoice("zzz", choices: ["name", "newest", "rating"], suggestion: nil))),
      "sort expects one of name, newest, rating, got 'zzz'"),
    ErrorCase(
      "the first wrong argument is reported", "debug://recipe-edit?unsaved=maybe&id=abc",
      .argument(.invalidValue("unsaved", .notABoolean("maybe"))),
      "unsaved expects true or false (also 1 or 0; any letter case), got 'maybe'"
    ),
    ErrorCase(
      "a decoded value is quoted decoded", "debug://recipe?id=a%26b",
      .argument(.invalidValue("id", .notAnInteger("a&b"))), "id expects an integer, got 'a&b'"),
  ]

  @Test("rejects text that is not a debug link", arguments: notALinkCases)
  func notALink(_ example: ErrorCase) {
    #expect(parseError(example.url) == example.error)
    #expect(example.error.message == example.message)
  }

  @Test("rejects a link to the wrong place", arguments: wrongPlaceCases)
  func wrongPlace(_ example: ErrorCase) {
    #expect(parseError(example.url) == example.error)
    #expect(example.error.message == example.message)
  }

  @Test("rejects a malformed escape or invalid UTF-8", arguments: escapesCases)
  func escapes(_ example: ErrorCase) {
    #expect(parseError(example.url) == example.error)
    #expect(example.error.message == example.message)
  }

  @Test("rejects arguments that do not fit the route", arguments: argumentsCases)
  func arguments(_ example: ErrorCase) {
    #expect(parseError(example.url) == example.error)
    #expect(example.error.message == example.message)
  }

  @Test("checks the scheme before the route and the route before its arguments")
  func order() {
    #expect(parseError("https://zzzzzz?idd=1") == .wrongScheme(found: "https", expected: "debug"))
    #expect(parseError("debug://zzzzzz/x#y?idd=1") == .unknownRoute("zzzzzz", suggestion: nil))
    #expect(parseError("debug://recipe/x#y") == .unexpectedFragment("y"))
  }

  @Test("a wrong scheme names the table's own scheme")
  func ownScheme() {
    let table = RouteTable(scheme: "myapp", routes: [plainRoute("home")])
    let error = LinkError.wrongScheme(found: "debug", expected: "myapp")
    #expect(parseError("debug://home", in: table) == error)
    #expect(error.message == "wrong scheme 'debug://'; debug links start with myapp://")
  }

  @Test("messages about the link's shape name the table's scheme and one of its own routes")
  func ownShape() {
    // The first route needs a value, so the example is the first that needs none.
    let shop = RouteTable(
      scheme: "shop",
      routes: [plainRoute("product", [.integer("id", help: "")]), plainRoute("cart"), plainRoute("home")])
    #expect(parseError("shop://", in: shop) == .missingRoute(scheme: "shop", example: "cart"))
    #expect(
      parseError("shop://", in: shop)?.message
        == "the link names no route; expected shop://<route>, such as shop://cart")
    #expect(
      parseError("shop:cart", in: shop)?.message
        == "'shop:cart' is not a debug link: it has no '://'; expected shop://<route>?<name>=<value>")
    #expect(
      parseError("shop://cart/x", in: shop)?.message
        == "unexpected path '/x'; a debug link is shop://<route>?<name>=<value>, with no path")
    let everyRouteNeedsAValue = RouteTable(
      scheme: "shop", routes: [plainRoute("product", [.integer("id", help: "")])])
    #expect(
      parseError("shop://", in: everyRouteNeedsAValue)?.message
        == "the link names no route; expected shop://<route>")
  }
}
