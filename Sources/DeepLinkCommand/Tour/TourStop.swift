import DeepLinkRoutes

/// One stop of a tour, before it is visited: its name, the link and the command that
/// reproduces it.
struct TourStop: Equatable {
  /// Unique in the tour; the part of its file names after the number (`recipe`).
  let name: String
  let link: Link
  /// The URL sent, canonical.
  let url: String

  /// The command that reproduces the stop: `deeplink recipe --id 1`.
  func command(tool: String) -> String { "\(tool) \(link.commandLine)" }

  /// Every route of `table` once, in table order, with the first example `help <route>`
  /// shows (``RouteExample/minimal(_:)``: required options at sample values).
  ///
  /// - Throws: a usage error naming a route whose samples do not bind.
  static func everyRoute(of table: RouteTable) throws(UsageError) -> [TourStop] {
    var stops: [TourStop] = []
    for route in table.routes {
      guard let link = RouteExample.minimal(route) else {
        throw .invalidUse(
          "the route '\(route.name)' has no example link to tour (its required options take no sample value)",
          hint: "Give the links to visit with --scenario FILE, in batch's format")
      }
      stops.append(TourStop(name: fileName(route.name), link: link, url: table.url(for: link)))
    }
    return unique(stops)
  }

  /// The links of a scenario in batch's format, checked whole by batch's own reader
  /// (``BatchScript``); a `# name: NAME` comment right above a link names it, otherwise it
  /// is named after its route.
  ///
  /// - Throws: batch's usage errors, and one for a name that is not letters, digits, `-`,
  ///   `_` and `.` (not first), or is given twice.
  static func scenario(
    _ path: String, input: any InputSource, table: RouteTable, tool: ToolIdentity
  ) throws(BatchFailure) -> [TourStop] {
    let steps = try BatchScript.steps(of: path, input: input, table: table, tool: tool)
    var stops: [TourStop] = []
    var given: [String: Int] = [:]
    for step in steps {
      if let name = step.name {
        guard isName(name) else {
          throw BatchFailure(
            line: step.line,
            usage: "the name '\(name)' above this line is not a tour name: use letters, digits, '-', '_' "
              + "and '.', starting with a letter or digit")
        }
        if let first = given[name] {
          throw BatchFailure(
            line: step.line,
            usage: "the name '\(name)' was given to line \(first) already; each entry needs its own")
        }
        given[name] = step.line
      }
      stops.append(
        TourStop(name: step.name ?? fileName(step.link.route.name), link: step.link, url: step.url))
    }
    return unique(stops)
  }

  /// Whether `name` can name an entry: ASCII letters, digits, `-`, `_` and `.`, starting with a
  /// letter or digit, at most 100 bytes; so `NN-name.txt` is a plain, portable file name.
  static func isName(_ name: String) -> Bool {
    guard let first = name.utf8.first, isAlphanumeric(first), name.utf8.count <= 100 else { return false }
    return name.utf8.allSatisfy {
      isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
    }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// A route name as a tour name: each byte that ``isName(_:)`` does not allow becomes `-`.
  static func fileName(_ routeName: String) -> String {
    var bytes = routeName.utf8.map { byte -> UInt8 in
      isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: ".") ? byte : UInt8(ascii: "-")
    }
    if bytes.first.map({ !isAlphanumeric($0) }) ?? true { bytes.insert(UInt8(ascii: "x"), at: 0) }
    return String(decoding: bytes.prefix(100), as: UTF8.self)
  }

  /// The stops, a repeated name made unique by a suffix (`recipe`, `recipe-2`).
  static func unique(_ stops: [TourStop]) -> [TourStop] {
    var taken = Set(stops.map(\.name))
    var seen: Set<String> = []
    return stops.map { stop in
      if seen.insert(stop.name).inserted { return stop }
      var number = 2
      while taken.contains("\(stop.name)-\(number)") { number += 1 }
      let name = "\(stop.name)-\(number)"
      taken.insert(name)
      seen.insert(name)
      return TourStop(name: name, link: stop.link, url: stop.url)
    }
  }
}
