import DeepLinkRoutes
import RecipeSampleRoutes
import TestSupport
import Testing

/// parse(url(for: link)) == link, for every route and generated arguments of every kind.
///
/// The cases come from a seeded generator: a failure prints its seed and case number, and
/// `DEEPLINK_TEST_SEED=<seed> swift test --filter RoundTripTests` replays it.
@Suite("Round trips")
struct RoundTripTests {
  static let casesPerTable = 4_000
  static let maximumFailures = 10

  /// Routes with a parameter of every kind: required and defaulted, ranged and not, flags
  /// with either default, choices that need escaping.
  static let kitchenSink = RouteTable(routes: [
    plainRoute(
      "kitchen-sink",
      [
        .integer("count", help: ""),
        .integer("offset", range: -50...50, default: 0, help: ""),
        .integer("big", range: (Int.max - 2)...Int.max, default: .max, help: ""),
        .integer("small", range: Int.min...(Int.min + 2), help: ""),
        .string("title", help: ""),
        .string("note", default: "", help: ""),
        .string("greeting", default: "a b&c=d", help: ""),
        .flag("verbose", help: ""),
        Parameter(name: "confirmed", type: .boolean, default: .boolean(true), help: ""),
        Parameter(name: "strict", type: .boolean, default: nil, help: ""),
        .choice(
          "mode", ["a&b", "c=d", "e f", "g#h", "100%", "x+y", "ünï", "🙂", "", "?/"], default: "a&b", help: ""),
        .choice("level", ["low", "high"], help: ""),
        .string("userName", default: "current", help: ""),
      ]),
    plainRoute("empty"),
    plainRoute("only-string", [.string("s", help: "")]),
  ])

  @Test("the generated tables are sound")
  func tablesAreSound() {
    #expect(Self.kitchenSink.problems == [])
    #expect(RouteTable.recipeSample.problems == [])
  }

  static let tables = ["built-in": RouteTable.recipeSample, "kitchen sink": kitchenSink]

  @Test("parse(url(for: link)) == link", arguments: ["built-in", "kitchen sink"])
  func roundTrip(_ tableName: String) throws {
    let table = try #require(Self.tables[tableName])
    let seed = TestSeed.current
    var generator = ValueGenerator(seed: seed)
    var failures = 0
    for number in 0..<Self.casesPerTable where failures < Self.maximumFailures {
      let route = table.routes[number % table.routes.count]
      let values = route.parameters.map { generator.value(for: $0) }
      let pairs = zip(route.parameters, values).compactMap { parameter, value in
        // Leave out about a third of the optional parameters; they take their default.
        parameter.defaultValue != nil && generator.random.oneIn(3)
          ? nil : (name: parameter.name, text: value.text)
      }
      let context = "seed \(seed), \(tableName) case \(number), route \(route.name)"
      let link: Link
      do {
        link = try route.bind(pairs)
      } catch {
        Issue.record("generated arguments do not bind: \(error.message(prefix: "")) — \(context)")
        failures += 1
        continue
      }
      let url = table.url(for: link)
      let parsed: Link
      do {
        parsed = try table.parse(url)
      } catch {
        Issue.record("\(url) does not parse: \(error.message) — \(context)")
        failures += 1
        continue
      }
      let ok = parsed == link && sameBytes(parsed.values, link.values) && isCanonical(url, table: table)
      #expect(ok, "\(url) parses to \(parsed.values), built from \(link.values) — \(context)")
      if !ok { failures += 1 }
    }
  }

  @Test("the generated links use every choice, every boolean and every range edge")
  func generatorCoverage() {
    var generator = ValueGenerator(seed: TestSeed.current)
    let mode = Self.kitchenSink.route(named: "kitchen-sink")!.parameter(named: "mode")!
    let offset = Self.kitchenSink.route(named: "kitchen-sink")!.parameter(named: "offset")!
    let count = Self.kitchenSink.route(named: "kitchen-sink")!.parameter(named: "count")!
    let modes = Set((0..<500).map { _ in generator.value(for: mode) })
    let offsets = Set((0..<500).map { _ in generator.value(for: offset) })
    let counts = Set((0..<500).map { _ in generator.value(for: count) })
    let strings = (0..<500).map { _ in generator.string() }
    let booleans = Set((0..<50).map { _ in generator.value(for: .flag("f", help: "")) })
    #expect(modes.count == 10)
    #expect(offsets.isSuperset(of: [.integer(-50), .integer(-49), .integer(49), .integer(50)]))
    #expect(counts.isSuperset(of: [.integer(.min), .integer(-1), .integer(0), .integer(1), .integer(.max)]))
    #expect(booleans == [.boolean(true), .boolean(false)])
    #expect(strings.contains(""))
    let needles: [Unicode.Scalar] = [
      "&", "=", "#", "%", "+", "?", "/", " ", "\"", "'", "\\", "\t", "\n", "\u{0}", "é", "😀", "\u{301}",
    ]
    for needle in needles {
      #expect(
        strings.contains { $0.unicodeScalars.contains(needle) },
        "no generated string holds \(needle.escaped(asASCII: true))")
    }
  }

  @Test("any spelling of a valid link parses to the same link as its canonical URL")
  func spellings() throws {
    let seed = TestSeed.current
    var generator = ValueGenerator(seed: seed &+ 1)
    let table = RouteTable.recipeSample
    for number in 0..<1_000 {
      let route = table.routes[number % table.routes.count]
      let pairs = route.parameters.map { (name: $0.name, text: generator.value(for: $0).text) }
      let link = try route.bind(pairs)
      let url = table.url(for: link)
      let query = url.firstIndex(of: "?").map { String(url[$0...]) } ?? ""
      let shouted = "DEBUG://\(route.name.uppercased())/\(query)"
      #expect((try? table.parse(shouted)) == link, "seed \(seed) case \(number): \(shouted)")
    }
  }

  @Test("whatever parses, its canonical URL parses to the same link")
  func arbitraryInput() {
    let seed = TestSeed.current
    var generator = ValueGenerator(seed: seed &+ 2)
    let table = RouteTable.recipeSample
    let keys = ["id", "sort", "unsaved", "message", "idd", "", "ID"]
    var parsedCount = 0
    for number in 0..<3_000 {
      var text = "debug://" + generator.random.element(of: recipeSampleRouteNames)
      if generator.random.oneIn(4) { text += "/" }
      for index in 0..<generator.random.below(4) {
        text += index == 0 ? "?" : "&"
        text += generator.random.element(of: keys)
        if !generator.random.oneIn(5) { text += "=" + generator.rawQueryText() }
      }
      guard let link = try? table.parse(text) else { continue }
      parsedCount += 1
      let url = table.url(for: link)
      #expect(
        (try? table.parse(url)) == link, "seed \(seed) case \(number): \(text.debugDescription) -> \(url)")
    }
    #expect(parsedCount > 100, "the generator should produce some valid links (seed \(seed))")
  }

  /// String values compared byte for byte: Swift's `==` on strings is canonical equivalence.
  func sameBytes(_ a: [ArgumentValue], _ b: [ArgumentValue]) -> Bool {
    a.count == b.count
      && zip(a, b).allSatisfy { x, y in
        switch (x, y) {
        case (.string(let s), .string(let t)): Array(s.utf8) == Array(t.utf8)
        default: x == y
        }
      }
  }

  /// A built URL is plain ASCII with nothing a shell or a URL parser could misread, and it is
  /// its own canonical form.
  func isCanonical(_ url: String, table: RouteTable) -> Bool {
    let plain = url.utf8.allSatisfy { byte in
      byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#") && byte != UInt8(ascii: "+")
        && byte != UInt8(ascii: "'") && byte != UInt8(ascii: "\"")
    }
    guard plain, let link = try? table.parse(url) else { return false }
    return table.url(for: link) == url
  }
}

/// Values of every kind for a parameter, from a seeded generator.
struct ValueGenerator {
  var random: SplitMix64

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  static let pools: [[String]] = [
    // Printable ASCII, punctuation included.
    (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) },
    // Everything that means something in a URL or a shell.
    [
      "&", "=", "#", "%", "+", "?", "/", " ", "\"", "'", "\\", ";", ":", "@", "!", "$", ",", "*", "(", ")",
      "[", "]",
      "{", "}", "<", ">", "|", "^", "`", "~",
    ],
    // Whitespace of every kind.
    [" ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}"],
    // Control and invisible characters.
    (0x00...0x1F).map { String(UnicodeScalar(UInt8($0))) } + [
      "\u{7F}", "\u{80}", "\u{9F}", "\u{200B}", "\u{FEFF}",
    ],
    // Non-ASCII letters and scripts.
    ["é", "ü", "ñ", "ß", "ø", "Å", "中", "文", "日本", "한", "Ω", "ж", "π", "ℵ", "ﬁ", "\u{10FFFF}"],
    // Emoji, with modifiers, joiners and flags.
    ["😀", "👍🏽", "👨‍👩‍👧‍👦", "🇫🇷", "❤️", "🏳️‍🌈"],
    // Combining marks, also with nothing to combine with.
    ["e\u{301}", "a\u{308}\u{323}", "\u{301}", "\u{20DD}", "n\u{303}"],
    // Text that looks like escapes.
    ["%20", "%2B", "%25", "%zz", "%", "%%", "+", "++", "%F0%9F", "%00"],
    // Words that mean something to some parser.
    ["current", "true", "false", "0", "-1", "name", "Invalid credentials", "null", "debug://recipe?id=42"],
  ]

  /// A string of up to eight pieces from random pools; sometimes empty.
  mutating func string() -> String {
    if random.oneIn(12) { return "" }
    var text = ""
    for _ in 0...random.below(8) {
      let pool = random.element(of: Self.pools)
      text += random.element(of: pool)
    }
    return text
  }

  /// An integer in `range` (the whole of `Int` when `nil`), often at an edge.
  mutating func integer(in range: ClosedRange<Int>?) -> Int {
    let range = range ?? Int.min...Int.max
    let edges = [
      range.lowerBound, range.lowerBound &+ 1, range.upperBound &- 1, range.upperBound, 0, -1, 1, Int.min,
      Int.max,
    ].filter(range.contains)
    switch random.below(3) {
    case 0: return random.element(of: edges)
    case 1 where range.lowerBound <= 1000 && range.upperBound >= -1000:
      return random.int(in: max(range.lowerBound, -1000)...min(range.upperBound, 1000))
    default: return random.int(in: range)
    }
  }

  mutating func value(for parameter: Parameter) -> ArgumentValue {
    switch parameter.type {
    case .integer(let range): .integer(integer(in: range))
    case .string: .string(string())
    case .boolean: .boolean(random.oneIn(2))
    case .choice(let choices): .string(random.element(of: choices))
    }
  }

  /// Raw query text as a person might type it: encoded or not, valid or not.
  mutating func rawQueryText() -> String {
    var text = ""
    for _ in 0..<random.below(6) {
      switch random.below(6) {
      case 0: text += "%" + String(random.below(256), radix: 16, uppercase: random.oneIn(2))
      case 1: text += random.element(of: ["&", "=", "+", "%", "#", "/", "?", " "])
      case 2: text += String(integer(in: nil))
      case 3: text += random.element(of: ["true", "false", "1", "0", "name", "rating", "newest"])
      case 4: text += random.element(of: Self.pools[4] + Self.pools[5])
      default: text += random.element(of: ["a", "Z", "-", "_", "~", "."])
      }
    }
    return text
  }
}
