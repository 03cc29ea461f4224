extension RouteTable {
  /// A fingerprint of every declaration (scheme, names, parameters, types, defaults) as 16 hex
  /// digits; it changes whenever the links the table accepts or builds change. Help text is
  /// not part of it.
  ///
  /// Every field is fed to the hash explicitly, each tagged with its kind, rather than through
  /// `String(describing:)`: reflection costs time in proportion to the routes, a large part of
  /// `deeplink`'s start-up and far more with a large table (BENCHMARKS.md).
  public var version: String { names.version ?? computedVersion }

  /// This table, its ``version`` already known to be `version` (just computed, to check a table
  /// an app served): later uses do not hash the table again.
  package func knowing(version: String) -> RouteTable {
    RouteTable(scheme: scheme, routes: routes, names: NameIndex(names, version: version))
  }

  private var computedVersion: String {
    var hash = FNV1a()
    hash.add(scheme)
    for route in routes {
      hash.add(route.name)
      hash.add(route.parameters.count)
      for parameter in route.parameters {
        hash.add(parameter.name)
        parameter.type.fingerprint(into: &hash)
        if let value = parameter.defaultValue {
          value.fingerprint(into: &hash)
        } else {
          hash.add("no default")
        }
      }
    }
    return hash.hex
  }
}

extension RouteTable {
  /// A fingerprint of the table's text (each route's summary and help, each parameter's help)
  /// as 16 hex digits: what ``version`` leaves out, since it changes no link, but help, the
  /// routes list and an agent's tool descriptions show. Two tables are the same table when
  /// both fingerprints are.
  package var helpVersion: String {
    var hash = FNV1a()
    hash.add(routes.count)
    for route in routes {
      hash.add(route.summary)
      hash.add(route.help)
      hash.add(route.parameters.count)
      for parameter in route.parameters { hash.add(parameter.help) }
    }
    return hash.hex
  }
}

extension ParameterType {
  func fingerprint(into hash: inout FNV1a) {
    switch self {
    case .integer(let range):
      hash.add("integer")
      if let range {
        hash.add(range.lowerBound)
        hash.add(range.upperBound)
      } else {
        hash.add("unbounded")
      }
    case .string: hash.add("string")
    case .boolean: hash.add("boolean")
    case .choice(let choices):
      hash.add("choice")
      hash.add(choices.count)
      for choice in choices { hash.add(choice) }
    }
  }
}

extension ArgumentValue {
  func fingerprint(into hash: inout FNV1a) {
    switch self {
    case .integer(let number):
      hash.add("integer value")
      hash.add(number)
    case .string(let text):
      hash.add("string value")
      hash.add(text)
    case .boolean(let flag): hash.add(flag ? "true" : "false")
    }
  }
}

/// 64-bit FNV-1a, for a stable fingerprint (Swift's `Hasher` is seeded per process).
struct FNV1a {
  private var state: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Adds the UTF-8 bytes of `text` and a terminating 0, so that `"ab", "c"` ≠ `"a", "bc"`.
  mutating func add(_ text: String) {
    for byte in text.utf8 { mix(byte) }
    mix(0)
  }

  /// Adds the eight bytes of `number`, little-endian on every platform.
  mutating func add(_ number: Int) {
    var bits = UInt64(bitPattern: Int64(number))
    for _ in 0..<8 {
      mix(UInt8(truncatingIfNeeded: bits))
      bits >>= 8
    }
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

extension RouteTable {
  /// Whether `other` builds the same links: the same ``version``. A copy of this table value
  /// (the common case: the tool's own table, used as the app's) is known to be the same without
  /// computing either fingerprint, which a command's start-up would otherwise pay twice.
  package func hasSameVersion(as other: RouteTable) -> Bool {
    names === other.names || version == other.version
  }
}
