import DeepLinkRoutes

/// What completes at the end of a command line: the one completion engine, whose answer
/// `deeplink __complete words WORD...` prints for the shell's shim (``CompletionScript``) at
/// every Tab.
///
/// It follows the line as the parser reads it: global options anywhere, a route or a command
/// (a subcommand after its command), its options minus those given, an option's value, a
/// boolean's `--flag=true|false`, `--option=value`, a command's argument; after `-h`,
/// `--help` or `--version`, or a word that names nothing, nothing completes.
///
///     CompletionWalk.answer(["recipes", "--sort", ""], model: CompletionModel(table: .recipeSample))
///     // .candidates(prefix: "", [name, newest, rating])
package enum CompletionWalk {
  /// What the shell should offer.
  package enum Answer: Hashable, Sendable {
    /// These words, each to be written after `prefix` (`--sort=`), with a description.
    case candidates(prefix: String, [CompletionCallback.Value])
    /// The values the running app has for `parameter` of `route`, after `prefix`.
    case live(prefix: String, route: String, parameter: String, socket: String?)
    /// File names, after `prefix`: the shell's own file completion.
    case path(prefix: String)
    /// The `--target` values (kinds, simulators and devices found), after `prefix`.
    case targets(prefix: String)
    /// Nothing at all.
    case nothing
  }

  /// `--socket`: its value is the socket the live values are asked from.
  static let socketFlag = GlobalOption.socket.flag
  /// `-h`: never taken as an option's value, like any `--…` (as the parser does).
  static let helpShortFlag = GlobalOption.helpShortFlag
  /// `-h`, `--help`, `--version`: after one of these, nothing completes.
  static let finalFlags = GlobalOption.allCases.filter(\.replacesCommand).flatMap(\.spellings)

  /// The answer for `words`: the words after the program name as the shell split and
  /// unquoted them, the last one being the word at the cursor (empty after a blank).
  package static func answer(_ words: [String], model: CompletionModel) -> Answer {
    let current = words.last ?? ""
    var context: CompletionModel.Context?
    var argumentGiven = false
    var expect: String?
    var socket: String?
    var given: [String] = []
    for word in words.dropLast() {
      if let expected = expect {
        expect = nil
        if !word.hasPrefix("--"), word != helpShortFlag {
          if expected == socketFlag { socket = word }
          continue
        }
      }
      if finalFlags.contains(word) { return .nothing }
      if word == "--" { continue }
      if word.hasPrefix("--") {
        if let equals = word.firstIndex(of: "=") {
          let flag = String(word[..<equals])
          given.append(flag)
          if flag == socketFlag { socket = String(word[word.index(after: equals)...]) }
        } else {
          given.append(word)
          if value(of: word, in: context, model: model).takesNextWord { expect = word }
        }
        continue
      }
      if word.hasPrefix("-") { continue }
      guard let current = context else {
        guard let named = model.context(named: word), named.kind != .subcommand else { return .nothing }
        context = named
        continue
      }
      guard !argumentGiven else { continue }
      if current.argument == .route {
        guard let route = model.context(named: word), route.kind == .route else { return .nothing }
        context = route
      } else if case .subcommands = current.argument {
        let name = CompletionModel.Context.subcommandName(current.name, word)
        guard let subcommand = model.context(named: name), subcommand.kind == .subcommand else {
          return .nothing
        }
        context = subcommand
      } else {
        argumentGiven = true
      }
    }

    if let expect {
      return values(of: expect, in: context, model: model, prefix: "", socket: socket)
    }
    if current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
      return values(
        of: String(current[..<equals]), in: context, model: model, prefix: String(current[...equals]),
        socket: socket)
    }
    if !current.hasPrefix("-"), !argumentGiven {
      switch context?.argument ?? .topic {
      case .topic:
        return .candidates(
          prefix: "",
          model.contexts.filter { $0.kind != .subcommand }.map {
            CompletionCallback.Value($0.name, $0.summary)
          })
      case .route:
        return .candidates(prefix: "", model.routes.map { CompletionCallback.Value($0.name, $0.summary) })
      case .words(let words), .subcommands(let words):
        return .candidates(prefix: "", words.map { CompletionCallback.Value($0, "") })
      case .path:
        return .path(prefix: "")
      case .free:
        return .nothing
      case .none:
        break
      }
    }
    let options = context?.options ?? model.topLevelOptions
    return .candidates(
      prefix: "",
      options.filter { !given.contains($0.flag) }.map { CompletionCallback.Value($0.flag, $0.summary) })
  }

  /// How the value of `flag` completes after `context` (`nil`: before any command): the
  /// context's own option first, then the global one, else no value.
  static func value(of flag: String, in context: CompletionModel.Context?, model: CompletionModel)
    -> CompletionModel.Value
  {
    (context?.options.first(where: { $0.flag == flag })
      ?? model.topLevelOptions.first(where: { $0.flag == flag }))?
      .value ?? .none
  }

  static func values(
    of flag: String, in context: CompletionModel.Context?, model: CompletionModel, prefix: String,
    socket: String?
  ) -> Answer {
    switch value(of: flag, in: context, model: model) {
    case .none, .free:
      return .nothing
    case .boolean(let words):
      // After a bare flag the next word is not its value: only `--flag=` offers true/false.
      return prefix.isEmpty
        ? .nothing : .candidates(prefix: prefix, words.map { CompletionCallback.Value($0, "") })
    case .choices(let words):
      return .candidates(prefix: prefix, words.map { CompletionCallback.Value($0, "") })
    case .live(let route, let parameter):
      return .live(prefix: prefix, route: route, parameter: parameter, socket: socket)
    case .path:
      return .path(prefix: prefix)
    case .targets:
      return .targets(prefix: prefix)
    }
  }
}
