import DeepLinkCommand
import DeepLinkRoutes
import DeepLinkWire
import Testing

/// One broken routes file and the exact message it must give.
struct BrokenRoutesFile: Sendable, CustomTestStringConvertible {
  let name: String
  let json: String
  let message: String

  var testDescription: String { name }

  /// A document with one route `item` whose one parameter is `parameter` (JSON members).
  static func parameter(_ members: String) -> String {
    #"{"scheme": "shop", "routes": [{"name": "item", "parameters": [{"# + members + "}]}]}"
  }

  static let all: [BrokenRoutesFile] = [
    .init(
      name: "invalid JSON, with line and column",
      json: "{\n  \"routes\": [\n    {\"name\": \"a\",}\n  ]\n}",
      message: "shop.json:3:18: invalid JSON: unexpected '}'"),
    .init(
      name: "JSON that ends early", json: "{\"routes\": [",
      message: "shop.json:1:13: invalid JSON: the document ends too early (a missing '}' or ']'?)"),
    .init(
      name: "a key twice", json: "{\"routes\": [],\n \"routes\": []}",
      message: #"shop.json:2:10: invalid JSON: the key "routes" appears twice in one object"#),
    .init(
      name: "not an object", json: "[]",
      message: "shop.json: the document: expected an object, found an array"),
    .init(
      name: "no routes", json: #"{"scheme": "shop"}"#,
      message: "shop.json: the document: the key 'routes' is missing"),
    .init(
      name: "empty routes", json: #"{"routes": []}"#,
      message: "shop.json: routes: there are no routes; declare at least one"),
    .init(
      name: "unknown top-level key", json: #"{"schema": "shop", "routes": [{"name": "a"}]}"#,
      message: "shop.json: schema: unknown key 'schema' — did you mean 'scheme'?"),
    .init(
      name: "unknown route key", json: #"{"routes": [{"name": "a"}, {"name": "b", "sumary": "B"}]}"#,
      message: "shop.json: routes[1].sumary: unknown key 'sumary' — did you mean 'summary'?"),
    .init(
      name: "unknown key without a close one", json: #"{"routes": [{"name": "a", "effect": "x"}]}"#,
      message:
        "shop.json: routes[0].effect: unknown key 'effect'; the keys here are 'name', 'summary', 'help', 'parameters'"
    ),
    .init(
      name: "unknown parameter key", json: parameter(#""name": "id", "type": "integer", "requird": true"#),
      message: "shop.json: routes[0].parameters[0].requird: unknown key 'requird' — did you mean 'required'?"),
    .init(
      name: "unknown range key",
      json: parameter(#""name": "id", "type": "integer", "range": {"min": 1, "mx": 2}"#),
      message: "shop.json: routes[0].parameters[0].range.mx: unknown key 'mx' — did you mean 'max'?"),
    .init(
      name: "unknown type", json: parameter(#""name": "id", "type": "int""#),
      message: "shop.json: routes[0].parameters[0].type: unknown type 'int' — did you mean 'integer'?"),
    .init(
      name: "unknown type without a close one", json: parameter(#""name": "when", "type": "date""#),
      message:
        "shop.json: routes[0].parameters[0].type: unknown type 'date'; the types are 'integer', 'string', 'boolean', 'choice'"
    ),
    .init(
      name: "a type that is not a string", json: parameter(#""name": "id", "type": 1"#),
      message: "shop.json: routes[0].parameters[0].type: expected a string, found a number"),
    .init(
      name: "duplicate route",
      json: #"{"routes": [{"name": "a"}, {"name": "b"}, {"name": "a"}]}"#,
      message: "shop.json: routes[2].name: route 'a' is already declared at routes[0]"),
    .init(
      name: "duplicate parameter",
      json: parameter(#""name": "id", "type": "integer"}, {"name": "id", "type": "string""#),
      message:
        "shop.json: routes[0].parameters[1].name: parameter 'id' is already declared at routes[0].parameters[0]"
    ),
    .init(
      name: "route named like a command", json: #"{"routes": [{"name": "open"}]}"#,
      message: "shop.json: routes[0].name: route name 'open' is a deeplink command; choose another name"),
    .init(
      name: "parameter named like a global option", json: parameter(#""name": "routes", "type": "string""#),
      message:
        "shop.json: routes[0].parameters[0].name: parameter name 'routes' is a deeplink global option (--routes); choose another name"
    ),
    .init(
      name: "bad route name", json: #"{"routes": [{"name": "Product_Page"}]}"#,
      message:
        "shop.json: routes[0].name: route name 'Product_Page' must be lowercase ASCII letters, digits and hyphens, starting with a letter"
    ),
    .init(
      name: "bad parameter name", json: parameter(#""name": "2nd", "type": "string""#),
      message:
        "shop.json: routes[0].parameters[0].name: parameter name '2nd' must be ASCII letters, digits and hyphens, starting with a letter"
    ),
    .init(
      name: "bad scheme", json: #"{"scheme": "my app", "routes": [{"name": "a"}]}"#,
      message:
        "shop.json: scheme: 'my app' is not a URL scheme: a lowercase letter, then lowercase letters, digits, '+', '-' or '.' (such as 'myapp')"
    ),
    .init(
      name: "bad android package",
      json: #"{"android": {"package": "com.example;reboot"}, "routes": [{"name": "a"}]}"#,
      message:
        "shop.json: android.package: 'com.example;reboot' is not an Android application id: two or more segments separated by '.', each a letter then letters, digits or '_' (such as 'com.example.app')"
    ),
    .init(
      name: "bad ios bundle id",
      json: #"{"ios": {"bundleId": "com.example/app"}, "routes": [{"name": "a"}]}"#,
      message:
        "shop.json: ios.bundleId: the bundle id 'com.example/app' contains '/'; a bundle identifier has only ASCII letters, digits, '-' and '.', such as com.example.Recipes"
    ),
    .init(
      name: "ios bundle id with an empty part",
      json: #"{"ios": {"bundleId": "com.example."}, "routes": [{"name": "a"}]}"#,
      message:
        "shop.json: ios.bundleId: the bundle id 'com.example.' has an empty part ('..', or a '.' at an end); a bundle identifier has ASCII letters, digits, '-' and '.', such as com.example.Recipes"
    ),
    .init(
      name: "unknown ios key",
      json: #"{"ios": {"bundleID": "com.example.App"}, "routes": [{"name": "a"}]}"#,
      message: "shop.json: ios.bundleID: unknown key 'bundleID' — did you mean 'bundleId'?"
    ),
    .init(
      name: "unknown android key",
      json: #"{"android": {"packages": "com.example.app"}, "routes": [{"name": "a"}]}"#,
      message: "shop.json: android.packages: unknown key 'packages' — did you mean 'package'?"
    ),
    .init(
      name: "scheme written with ://", json: #"{"scheme": "shop://", "routes": [{"name": "a"}]}"#,
      message:
        "shop.json: scheme: 'shop://' is not a URL scheme: a lowercase letter, then lowercase letters, digits, '+', '-' or '.' (write it without '://')"
    ),
    .init(
      name: "default outside the range",
      json: parameter(#""name": "id", "type": "integer", "range": {"min": 1, "max": 99}, "default": 100"#),
      message: "shop.json: routes[0].parameters[0].default: the default 100 is outside the range 1 to 99"),
    .init(
      name: "default not a choice",
      json: parameter(#""name": "sort", "type": "choice", "choices": ["price", "name"], "default": "prize""#),
      message:
        "shop.json: routes[0].parameters[0].default: the default 'prize' is not one of the choices ('price', 'name') — did you mean 'price'?"
    ),
    .init(
      name: "default of the wrong type",
      json: parameter(#""name": "id", "type": "integer", "default": "42""#),
      message: "shop.json: routes[0].parameters[0].default: the default must be an integer, found a string"),
    .init(
      name: "required with a default",
      json: parameter(#""name": "q", "type": "string", "required": true, "default": "x""#),
      message:
        "shop.json: routes[0].parameters[0].default: a required parameter has no default; remove the default or set 'required' to false"
    ),
    .init(
      name: "optional without a default",
      json: parameter(#""name": "q", "type": "string", "required": false"#),
      message:
        "shop.json: routes[0].parameters[0].required: an optional parameter needs a default; give one or set 'required' to true"
    ),
    .init(
      name: "choice without choices", json: parameter(#""name": "sort", "type": "choice""#),
      message:
        "shop.json: routes[0].parameters[0]: a choice parameter needs 'choices', a non-empty array of strings"
    ),
    .init(
      name: "a choice twice",
      json: parameter(#""name": "sort", "type": "choice", "choices": ["a", "b", "a"]"#),
      message: "shop.json: routes[0].parameters[0].choices[2]: the choice 'a' is listed twice"),
    .init(
      name: "choices on an integer", json: parameter(#""name": "n", "type": "integer", "choices": ["1"]"#),
      message:
        "shop.json: routes[0].parameters[0].choices: 'choices' is for choice parameters, this one is integer; remove it or change the type"
    ),
    .init(
      name: "range on a string",
      json: parameter(#""name": "n", "type": "string", "range": {"min": 1, "max": 2}"#),
      message:
        "shop.json: routes[0].parameters[0].range: 'range' is for integer parameters, this one is string; remove it or change the type"
    ),
    .init(
      name: "an empty range",
      json: parameter(#""name": "n", "type": "integer", "range": {"min": 5, "max": 1}"#),
      message: "shop.json: routes[0].parameters[0].range: the range is empty: min 5 is greater than max 1"),
    .init(
      name: "a range without max", json: parameter(#""name": "n", "type": "integer", "range": {"min": 5}"#),
      message: "shop.json: routes[0].parameters[0].range: the key 'max' is missing"),
    .init(
      name: "a control character in a summary",
      json: #"{"routes": [{"name": "a", "summary": "\u001b[31mred"}]}"#,
      message:
        "shop.json: routes[0].summary: the text holds a control character; only 'help' may hold newlines"),
    .init(
      name: "a parameter without a type", json: parameter(#""name": "n""#),
      message: "shop.json: routes[0].parameters[0]: the key 'type' is missing"),
    .init(
      name: "a route without a name", json: #"{"routes": [{"summary": "A"}]}"#,
      message: "shop.json: routes[0]: the key 'name' is missing"),
    .init(
      name: "required that is not a boolean",
      json: parameter(#""name": "n", "type": "string", "required": "yes""#),
      message: "shop.json: routes[0].parameters[0].required: expected true or false, found a string"),
  ]
}

@Suite("Routes file") struct RoutesFileTests {
  static func load(_ json: String) throws(RoutesFileError) -> RouteTable {
    try RoutesFile.table(from: Array(json.utf8), file: "shop.json")
  }

  @Test("a broken file names the file, the place and the problem", arguments: BrokenRoutesFile.all)
  func reportsWhereAndWhat(_ file: BrokenRoutesFile) {
    #expect(throws: (any Error).self) { try Self.load(file.json) }
    do {
      _ = try Self.load(file.json)
    } catch {
      #expect(error.message == file.message)
      #expect(error.hint == "Run 'deeplink help routes' for the routes file format.")
    }
  }

  @Test("routes --json reads back as the same table, version included")
  func roundTrips() throws {
    let printed = RoutesFormatter.text(.json, table: .recipeSample, tool: .deeplink)
    let table = try Self.load(printed)
    #expect(table.scheme == RouteTable.recipeSample.scheme)
    #expect(table.routes.map(\.name) == RouteTable.recipeSample.routes.map(\.name))
    #expect(table.routes.map(\.summary) == RouteTable.recipeSample.routes.map(\.summary))
    #expect(table.routes.map(\.help) == RouteTable.recipeSample.routes.map(\.help))
    #expect(table.routes.map(\.parameters) == RouteTable.recipeSample.routes.map(\.parameters))
    // The same declarations, so the same fingerprint, and printed again the same document.
    #expect(table.version == RouteTable.recipeSample.version)
    #expect(RoutesFormatter.text(.json, table: table, tool: .deeplink) == printed)
  }

  @Test("the version in a file is recomputed, never trusted")
  func versionIsRecomputed() throws {
    let honest = try Self.load(#"{"scheme": "shop", "routes": [{"name": "a"}]}"#)
    let lying = try Self.load(
      #"{"scheme": "shop", "version": "0000000000000000", "routes": [{"name": "a"}]}"#)
    #expect(lying.version == honest.version)
    #expect(lying.version != "0000000000000000")
  }

  @Test("optional keys may be left out, with their documented defaults")
  func optionalKeys() throws {
    let table = try Self.load(
      #"""
      {"routes": [{"name": "item", "parameters": [
        {"name": "id", "type": "integer"},
        {"name": "gift", "type": "boolean"},
        {"name": "size", "type": "choice", "choices": ["s", "m"], "default": "m"},
        {"name": "note", "type": "string", "required": false, "default": ""},
        {"name": "color", "type": "string", "default": null, "choices": null, "range": null}
      ]}]}
      """#)
    #expect(table.scheme == "debug")
    let route = try #require(table.route(named: "item"))
    #expect(route.summary == "" && route.help == "")
    #expect(
      route.parameters == [
        .integer("id", help: ""), .flag("gift", help: ""),
        .choice("size", ["s", "m"], default: "m", help: ""),
        .string("note", default: "", help: ""), .string("color", help: ""),
      ])
  }

  @Test("a $schema key for editors is allowed and ignored")
  func schemaKey() throws {
    let table = try Self.load(#"{"$schema": "./deeplink.routes.schema.json", "routes": [{"name": "a"}]}"#)
    #expect(table.routes.map(\.name) == ["a"])
  }

  @Test("a file's table builds and parses links with its own scheme")
  func ownScheme() throws {
    let table = try Self.load(
      #"{"scheme": "shop", "routes": [{"name": "product", "parameters": [{"name": "id", "type": "integer"}]}]}"#
    )
    let link = try table.parse("shop://product?id=7")
    #expect(table.url(for: link) == "shop://product?id=7")
  }

  @Test("10,000 routes load, and a duplicate among them is still found")
  func largeTable() throws {
    let routes = (0..<10_000).map { #"{"name": "r\#($0)"}"# }
    let table = try Self.load(#"{"routes": ["# + routes.joined(separator: ",") + "]}")
    #expect(table.routes.count == 10_000)
    #expect(table.route(named: "r9999") != nil)
    let duplicated = #"{"routes": ["# + (routes + [#"{"name": "r5"}"#]).joined(separator: ",") + "]}"
    #expect(throws: (any Error).self) { try Self.load(duplicated) }
    do {
      _ = try Self.load(duplicated)
    } catch {
      #expect(error.message == "shop.json: routes[10000].name: route 'r5' is already declared at routes[5]")
    }
  }
}
