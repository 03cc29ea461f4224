import DeepLinkRoutes
import DeepLinkWire

/// A tool call's `arguments`, checked by the command line's own parser: each member becomes
/// the option `--name=value`, so a wrong argument gets the message `deeplink` prints for the
/// same mistake on a command line.
///
///     try McpToolArguments.link(for: recipe, [("id", .string("abc"))], table: .recipeSample)
///     // throws UsageError: "--id expects an integer, got 'abc'"
///
/// JSON values become option text: `42` → `42`, `true` → `true`, `"x"` → `x`; an integral
/// number written with a fraction (`42.0`) is that integer. `null` means the argument was
/// left out (some agents send it for every optional parameter). An array or an object is no
/// value of any parameter.
enum McpToolArguments {
  /// Why an argument could not even be written as an option.
  enum Failure: Error, Hashable, Sendable {
    /// `--name` was given an array or an object.
    case notAValue(name: String, kind: String, expected: String)

    var message: String {
      switch self {
      case .notAValue(let name, let kind, let expected):
        "--\(name.messageExcerpt) expects \(expected), got \(kind)"
      }
    }
  }

  /// Binds `arguments` to `route`, in their order, as `deeplink <route> --name=value …` would.
  ///
  /// - Throws: the ``UsageError`` of the first wrong argument, or a ``Failure``.
  static func link(for route: Route, _ arguments: [(String, JSON)], table: RouteTable)
    throws(McpToolCallError)
    -> Link
  {
    var tokens: [ArgumentToken] = []
    for (name, value) in arguments {
      guard let text = try text(of: value, name: name, parameter: route.parameter(named: name)) else {
        continue
      }
      tokens.append(.longOption(name: name, value: text))
    }
    var parser = InvocationParser(tokens: tokens, table: table)
    do {
      return try parser.parseRoute(route, allowsGlobalOptions: false)
    } catch {
      throw .usage(error)
    }
  }

  /// The option text of `value`, `nil` for `null` (left out).
  static func text(of value: JSON, name: String, parameter: Parameter?) throws(McpToolCallError) -> String? {
    switch value {
    case .null: return nil
    case .string(let text): return text
    case .int(let number): return String(number)
    case .double(let number): return Int(exactly: number).map(String.init) ?? String(number)
    case .bool(let flag): return flag ? "true" : "false"
    case .array, .object:
      throw .arguments(
        .notAValue(
          name: name, kind: value.arrayValue != nil ? "an array" : "an object",
          expected: parameter.map { expectation(of: $0.type) } ?? "nothing: it is not an option of this tool")
      )
    }
  }

  /// What a parameter of `type` takes, in the words of the command line's messages.
  static func expectation(of type: ParameterType) -> String {
    switch type {
    case .integer(let range?): "an integer from \(range.lowerBound) to \(range.upperBound)"
    case .integer(nil): "an integer"
    case .string: "a string"
    case .boolean: "true or false"
    case .choice(let choices): "one of \(choices.joined(separator: ", "))"
    }
  }
}
