import DeepLinkWire

/// A parameter value as the specification sees it.
enum SpecValue: Hashable, Sendable {
  case integer(Int)
  case string(String)
  case boolean(Bool)

  /// The value as its state's JSON shows it.
  var json: JSON {
    switch self {
    case .integer(let number): .int(number)
    case .string(let text): .string(text)
    case .boolean(let flag): .bool(flag)
    }
  }

  /// The value's text in a canonical URL, before percent-encoding.
  var text: String {
    switch self {
    case .integer(let number): String(number)
    case .string(let text): text
    case .boolean(let flag): flag ? "true" : "false"
    }
  }
}

/// One parameter of a route, as the specification sees it.
struct ParameterSpecification: Sendable {
  let name: String
  /// `nil` when the parameter is required.
  let defaultValue: SpecValue?
  /// Ways to write a value in a link (`nil`: the bare key, as a flag allows) and the value
  /// each means.
  let pool: [(spelling: String?, value: SpecValue)]
}

/// One route of the sample app, as the specification sees it.
struct RouteSpecification: Sendable {
  let name: String
  let parameters: [ParameterSpecification]
  /// The state's `path` and `overrides` for the given values (defaults filled in).
  let describe: @Sendable ([String: SpecValue]) -> (path: [JSON], overrides: [(String, JSON)])

  /// The state a link with `values` describes: `{"path":[…],"overrides":{…}}`.
  func state(_ values: [String: SpecValue]) -> JSON {
    var all = values
    for parameter in parameters where all[parameter.name] == nil {
      all[parameter.name] = parameter.defaultValue
    }
    let (path, overrides) = describe(all)
    return .object([("path", .array(path)), ("overrides", .object(overrides))])
  }
}

/// What the sample app's links do, written out by hand from README's routes table and the
/// `state` of docs/wire-protocol.md for the stress tests: an oracle that shares no code with the
/// route table's parser, URL builder or the app model it checks.
enum SampleSpecification {
  static let strings: [(spelling: String?, value: SpecValue)] = [
    ("ada", .string("ada")), ("Bad%20password", .string("Bad password")), ("caf%C3%A9", .string("café")),
    ("a%2Bb", .string("a+b")), ("a+b", .string("a+b")), ("%F0%9F%94%91", .string("🔑")), ("", .string("")),
    ("x%26y%3Dz", .string("x&y=z")), ("line%0Abreak", .string("line\nbreak")),
    ("quote%22s", .string("quote\"s")), ("back%5Cslash", .string("back\\slash")),
  ]
  static let recipeIDs: [(spelling: String?, value: SpecValue)] =
    [1, 16, 42, 7, 999_999, 23].map {
      (String($0), .integer($0))
    } + [("0042", .integer(42))]
  static let booleans: [(spelling: String?, value: SpecValue)] = [
    ("true", .boolean(true)), ("false", .boolean(false)), ("1", .boolean(true)), ("0", .boolean(false)),
    (nil, .boolean(true)),
  ]

  static func screen(_ destination: String, _ arguments: [(String, JSON)] = []) -> JSON {
    .object([("destination", .string(destination))] + arguments)
  }

  static let routes: [RouteSpecification] = [
    RouteSpecification(name: "settings", parameters: []) { _ in ([screen("settings")], []) },
    RouteSpecification(
      name: "profile",
      parameters: [ParameterSpecification(name: "id", defaultValue: .string("current"), pool: strings)]
    ) { values in ([screen("profile", [("id", values["id"]!.json)])], []) },
    RouteSpecification(
      name: "recipes",
      parameters: [
        ParameterSpecification(
          name: "sort", defaultValue: .string("name"),
          pool: ["name", "newest", "rating"].map { ($0, .string($0)) })
      ]
    ) { values in ([screen("recipes", [("sort", values["sort"]!.json)])], []) },
    RouteSpecification(
      name: "recipe", parameters: [ParameterSpecification(name: "id", defaultValue: nil, pool: recipeIDs)]
    ) { values in ([screen("recipe", [("id", values["id"]!.json)])], []) },
    RouteSpecification(
      name: "recipe-edit",
      parameters: [
        ParameterSpecification(name: "id", defaultValue: nil, pool: recipeIDs),
        ParameterSpecification(name: "unsaved", defaultValue: .boolean(false), pool: booleans),
      ]
    ) { values in
      (
        [
          screen("recipe", [("id", values["id"]!.json)]),
          screen("recipe-edit", [("id", values["id"]!.json), ("unsaved", values["unsaved"]!.json)]),
        ], []
      )
    },
    RouteSpecification(name: "login", parameters: []) { _ in ([screen("login")], []) },
    RouteSpecification(
      name: "login-error",
      parameters: [
        ParameterSpecification(name: "message", defaultValue: .string("Invalid credentials"), pool: strings)
      ]
    ) { values in ([screen("login")], [("loginError", values["message"]!.json)]) },
    RouteSpecification(name: "recipe-empty", parameters: []) { _ in
      ([screen("recipes")], [("emptyRecipeList", .bool(true))])
    },
    RouteSpecification(name: "recipe-error", parameters: []) { _ in
      ([screen("recipes")], [("networkError", .bool(true))])
    },
    RouteSpecification(name: "favorites", parameters: []) { _ in ([screen("favorites")], []) },
    RouteSpecification(name: "favorites-empty", parameters: []) { _ in
      ([screen("favorites")], [("emptyFavorites", .bool(true))])
    },
    RouteSpecification(name: "reset", parameters: []) { _ in ([], []) },
  ]

  /// The root state, before any link: no screen pushed, no override.
  static let root = JSON.object([("path", .array([])), ("overrides", .emptyObject)])

  /// The canonical URL of a link to `route` with `values`: parameters in declaration order,
  /// those at their default left out, keys and values percent-encoded (RFC 3986: every byte
  /// but the unreserved `A-Z a-z 0-9 - . _ ~`, as `%XX` in uppercase hex).
  static func canonicalURL(_ route: RouteSpecification, _ values: [String: SpecValue]) -> String {
    let query = route.parameters.compactMap { parameter -> String? in
      guard let value = values[parameter.name], value != parameter.defaultValue else { return nil }
      return percentEncoded(parameter.name) + "=" + percentEncoded(value.text)
    }
    return "debug://" + route.name + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
  }

  static func percentEncoded(_ text: String) -> String {
    let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in text.utf8 {
      if unreserved.contains(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Every canonical link ``LinkGenerator`` can make, with its state, in a fixed order.
  static let everyCanonicalLink: [(url: String, state: JSON)] = {
    var seen: Set<String> = []
    var links: [(url: String, state: JSON)] = []
    for route in routes {
      var combinations: [[String: SpecValue]] = [[:]]
      for parameter in route.parameters {
        let choices: [SpecValue?] = (parameter.defaultValue == nil ? [] : [nil]) + parameter.pool.map(\.value)
        combinations = combinations.flatMap { values in
          choices.map { choice in
            var more = values
            more[parameter.name] = choice
            return more
          }
        }
      }
      for values in combinations {
        let url = canonicalURL(route, values)
        if seen.insert(url).inserted { links.append((url, route.state(values))) }
      }
    }
    return links
  }()
}
