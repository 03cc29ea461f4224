import DeepLinkRoutes

extension InvocationParser {
  /// Parses the options of `route` from the current position to the end and binds them.
  ///
  /// Batch lines pass `allowsGlobalOptions: false`: a line is a link, nothing else.
  mutating func parseRoute(_ route: Route, allowsGlobalOptions: Bool) throws(UsageError) -> Link {
    var pairs: [(name: String, text: String?)] = []
    var bareFlag: String?
    let context = UsageContext.route(route.name)
    while position < tokens.count {
      let token = tokens[position]
      position += 1
      let previousFlag = bareFlag
      bareFlag = nil
      switch token {
      case .terminator:
        afterTerminator = true
        continue
      case .argument(let word):
        try checkSoFar(route, pairs)
        if afterTerminator, word.utf8.first == UInt8(ascii: "-") {
          throw .optionAfterTerminator(word, in: context)
        }
        throw .unexpectedArgument(word, in: context, expected: Self.takes(route, after: previousFlag, word))
      case .shortOption:
        try checkSoFar(route, pairs)
        throw unknownOption(
          token.text, in: context, known: route.parameters.map { "--" + $0.name },
          listsGlobals: false, suggestsGlobals: allowsGlobalOptions)
      case .longOption(let name, let value):
        if let parameter = route.parameter(named: name) {
          if value == nil, parameter.type == .boolean {
            bareFlag = name
            pairs.append((name, nil))
          } else {
            pairs.append((name, value ?? takeValue()))
          }
          continue
        }
        if allowsGlobalOptions, try parseGlobalOption(name, value, in: context) { continue }
        if allowsGlobalOptions,
          Suggestion.closest(to: name, in: route.parameters.map(\.name)) == nil,
          let global = Suggestion.closest(to: name, in: Self.globalNames)
        {
          throw .unknownOption(token.text, in: context, suggestion: "--" + global, known: [])
        }
        // Binding with the unknown name appended reports, in input order, an earlier wrong
        // pair or else the unknown option with the route's suggestion or option list. Should
        // binding ever accept the name, it is still not this route's: the same error, no trap.
        pairs.append((name, value))
        _ = try bind(route, pairs)
        throw unknownOption(
          token.text, in: context, known: route.parameters.map { "--" + $0.name },
          listsGlobals: false, suggestsGlobals: allowsGlobalOptions)
      }
    }
    return try bind(route, pairs)
  }

  func bind(_ route: Route, _ pairs: [(name: String, text: String?)]) throws(UsageError) -> Link {
    do {
      return try route.bind(pairs)
    } catch {
      throw .argument(error, route: route.name)
    }
  }

  /// Reports the first wrong pair given so far, so that errors come in input order; a
  /// required parameter not given yet is not an error here.
  func checkSoFar(_ route: Route, _ pairs: [(name: String, text: String?)]) throws(UsageError) {
    do {
      _ = try route.bind(pairs)
    } catch {
      if case .missingParameter = error { return }
      throw .argument(error, route: route.name)
    }
  }

  /// The end of "unexpected argument 'x'; …" for a route.
  static func takes(_ route: Route, after flag: String?, _ word: String) -> String {
    if let flag, ["true", "false", "1", "0"].contains(word) {
      return "--\(flag) is a flag: write --\(flag)=\(word)"
    }
    guard !route.parameters.isEmpty else { return "\(route.name) takes no arguments" }
    let options = route.parameters.map { parameter in
      parameter.type == .boolean ? "--" + parameter.name : "--\(parameter.name) <\(parameter.type.name)>"
    }
    return "\(route.name) takes only options: " + options.joined(separator: ", ")
  }
}
