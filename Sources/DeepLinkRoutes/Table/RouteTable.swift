/// The set of debug links an app understands, looked up by name in constant time.
///
/// One table is shared by the `deeplink` command line and the app model, so both agree on
/// every URL. ``version`` fingerprints the declarations, so the two can tell when they were
/// built from different tables.
public struct RouteTable: Sendable {
  /// The URL scheme of every link: `debug`.
  public let scheme: String
  /// The routes in declaration order (the order of help text and completion).
  public let routes: [Route]
  private let index: [String: Int]

  /// A table of `routes`. Use ``problems`` to check it; duplicate names keep the first route.
  public init(scheme: String = "debug", routes: [Route]) {
    self.scheme = scheme
    self.routes = routes
    var index: [String: Int] = [:]
    index.reserveCapacity(routes.count)
    for (position, route) in routes.enumerated() where index[route.name] == nil {
      index[route.name] = position
    }
    self.index = index
  }

  /// The route called `name` (exact, lowercase), if any.
  public func route(named name: String) -> Route? {
    index[name].map { routes[$0] }
  }

  /// The route name closest to `name`, for "did you mean" messages.
  public func suggestion(for name: String) -> String? {
    Suggestion.closest(to: name, in: routes.lazy.map(\.name))
  }

  /// Names a route may not take, because `deeplink` uses them as commands.
  public static let reservedNames: [String] = [
    "url", "open", "routes", "state", "screen", "wait", "batch", "completions", "help", "version",
  ]

  /// Names a parameter may not take, because `deeplink` uses them as global options
  /// (`--socket`, `--json`, …) or for help: `recipe --json` must always mean JSON output.
  public static let reservedParameterNames: [String] = [
    "help", "version", "socket", "timeout", "json", "quiet",
  ]

  /// A fingerprint of every declaration (names, parameters, types, defaults, effects) as 16 hex
  /// digits; it changes whenever anything a link means changes.
  public var version: String {
    var hash = FNV1a()
    hash.add(scheme)
    for route in routes {
      hash.add(route.name)
      for parameter in route.parameters {
        hash.add(parameter.name)
        hash.add(String(describing: parameter.type))
        hash.add(parameter.defaultValue.map { String(describing: $0) } ?? "-")
      }
      hash.add(String(describing: route.effect))
    }
    return hash.hex
  }
}

/// 64-bit FNV-1a, for a stable fingerprint (Swift's `Hasher` is seeded per process).
struct FNV1a {
  private var state: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func add(_ text: String) {
    for byte in text.utf8 { mix(byte) }
    mix(0)
  }

  private mutating func mix(_ byte: UInt8) {
    state ^= UInt64(byte)
    state = state &* 0x0000_0100_0000_01b3
  }

  var hex: String {
    let digits = String(state, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
