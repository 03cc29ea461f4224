package import DeepLinkRoutes
import DeepLinkWire

/// The hidden command the completion scripts call at every Tab:
///
///     deeplink __complete words WORD...
///
/// completes the line (``wordLines(_:table:tool:fetch:targets:)``, ``CompletionWalk``), values only
/// the running app knows included. Scripts of earlier versions ask
/// `deeplink __complete values ROUTE PARAMETER [SOCKET]`, which prints one
/// `value<TAB>description` line per value the app offers for that parameter. Either prints
/// nothing at all when the arguments are wrong, no app listens, or anything else fails.
///
/// Lean on purpose, as it runs on every Tab: no configuration, no logging, one short request
/// with a deadline. What the app sends is data: a value must be one the parameter accepts
/// (an id of an integer parameter is an integer in range) and hold no control character, and
/// descriptions lose their control characters, so each value is exactly one line.
package enum CompletionCallback {
  /// `__complete`: the hidden command.
  package static let command = CommandRegistry.completeCallback
  /// `values`: the question earlier scripts ask for a route's option.
  package static let values = "values"
  /// `targets`: the question earlier scripts ask for `--target`.
  package static let targets = "targets"
  /// At most this many values are printed.
  package static let maximumCount = 1_000
  /// Descriptions are cut to this many characters.
  package static let maximumDescriptionLength = 80

  /// What the scripts ask for: the values of `parameter` of `route`, from the app on `socket`
  /// (`nil`: `DEEPLINK_SOCKET` or the default path).
  package struct Query: Hashable, Sendable {
    package let route: String
    package let parameter: String
    package let socket: String?

    package init(route: String, parameter: String, socket: String?) {
      self.route = route
      self.parameter = parameter
      self.socket = socket
    }
  }

  /// One value the app offers, with what it means (a recipe's title).
  package struct Value: Hashable, Sendable {
    package let value: String
    package let description: String

    package init(_ value: String, _ description: String) {
      self.value = value
      self.description = description
    }
  }

  /// The query `arguments` (the words after `__complete`) ask, or `nil` when they are not
  /// `values ROUTE PARAMETER [SOCKET]` for a parameter whose values the app may know.
  package static func query(_ arguments: [String], table: RouteTable) -> Query? {
    guard (3...4).contains(arguments.count), arguments[0] == values,
      let route = table.route(named: arguments[1]),
      let parameter = route.parameter(named: arguments[2])
    else { return nil }
    switch parameter.type {
    case .integer, .string: break
    case .boolean, .choice: return nil
    }
    let socket = arguments.count == 4 && !arguments[3].isEmpty ? arguments[3] : nil
    return Query(route: route.name, parameter: parameter.name, socket: socket)
  }

  /// The lines to print for `deeplink __complete ARGUMENTS`, each without its newline.
  ///
  /// - Parameters:
  ///   - arguments: the words after `__complete`.
  ///   - fetch: asks the app; returns no values when it cannot.
  package static func lines(
    _ arguments: [String], table: RouteTable, fetch: (Query) -> [Value]
  ) -> [String] {
    guard let query = query(arguments, table: table),
      let parameter = table.route(named: query.route)?.parameter(named: query.parameter)
    else { return [] }
    return lines(for: fetch(query), of: parameter)
  }

  /// The lines for `values`: each acceptable value once, in the app's order.
  ///
  /// "Once" by bytes: `String`'s `==` is canonical equivalence, so a `Set<String>` would keep
  /// one of `café` with a precomposed `é` and `café` with `e` and a combining accent, two
  /// values that send different URLs.
  static func lines(for values: [Value], of parameter: Parameter) -> [String] {
    var seen: Set<[UInt8]> = []
    var lines: [String] = []
    for value in values where lines.count < maximumCount {
      guard isAcceptable(value.value, for: parameter), seen.insert(Array(value.value.utf8)).inserted else {
        continue
      }
      lines.append(value.value + "\t" + description(value.description))
    }
    return lines
  }

  /// Whether `text` can be offered: a value of the parameter's type, non-empty, with no
  /// control character (a newline would split it, a tab would end it).
  static func isAcceptable(_ text: String, for parameter: Parameter) -> Bool {
    guard !text.isEmpty, !text.unicodeScalars.contains(where: ControlCharacters.contains) else {
      return false
    }
    return (try? parameter.type.parse(text)) != nil
  }

  /// `text` on one line: control characters as spaces, runs of spaces as one, cut with `…`.
  /// A line of printable ASCII with single spaces between words (every summary and help line
  /// the tool writes) is only cut, a character being a byte, without being taken apart.
  static func description(_ text: String) -> String {
    if isPlainLine(text) {
      guard text.utf8.count > maximumDescriptionLength else { return text }
      return String(decoding: text.utf8.prefix(maximumDescriptionLength - 1), as: UTF8.self) + "…"
    }
    let words = ControlCharacters.replacedWithSpaces(text).split(
      separator: " ", omittingEmptySubsequences: true)
    let line = words.joined(separator: " ")
    guard line.count > maximumDescriptionLength else { return line }
    return String(line.prefix(maximumDescriptionLength - 1)) + "…"
  }

  /// Whether ``description(_:)`` would only cut `text`: printable ASCII (a character a byte),
  /// no space first, last or next to another.
  private static func isPlainLine(_ text: String) -> Bool {
    let bytes = text.utf8
    guard bytes.first != 0x20, bytes.last != 0x20 else { return false }
    var previous: UInt8 = 0
    for byte in bytes {
      guard (0x20...0x7E).contains(byte), !(byte == 0x20 && previous == 0x20) else { return false }
      previous = byte
    }
    return true
  }
}
