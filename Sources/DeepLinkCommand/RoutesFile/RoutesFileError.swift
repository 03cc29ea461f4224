import DeepLinkRoutes
package import DeepLinkWire

/// Why a routes file gives no route table: the file, the place in it and the problem.
///
/// A usage error (exit 64): nothing is sent while the table is wrong. ``message`` names all
/// three, the place as a path into the document (`routes[3].parameters[0].type`) or, for
/// JSON that does not parse, as a line and column:
///
///     shop.routes.json: routes[3].parameters[0].type: unknown type 'int' — did you mean 'integer'?
///     shop.routes.json:12:5: invalid JSON: expected ',' or '}', found '"'
package struct RoutesFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file as given (`--routes`, `DEEPLINK_ROUTES`) or as found.
  package var file: String
  /// Where in the file; `nil` for the file as a whole (unreadable, too large).
  package var place: RoutesFilePlace?
  package var problem: RoutesFileProblem

  package init(file: String, place: RoutesFilePlace?, problem: RoutesFileProblem) {
    self.file = file
    self.place = place
    self.problem = problem
  }

  /// One line: `FILE: PLACE: PROBLEM` (`FILE:LINE:COLUMN: …` for JSON syntax).
  package var message: String {
    let location: String =
      switch place {
      case nil: file
      case .text(let line, let column): "\(file):\(line):\(column)"
      case .path(let path): "\(file): \(path.isEmpty ? "the document" : path)"
      }
    return location + ": " + problem.message
  }

  /// The second line: where the format is described.
  package var hint: String {
    "Run 'deeplink help routes' for the routes file format."
  }

  package var description: String { message + "\n" + hint }
}

/// A place in a routes file.
package enum RoutesFilePlace: Hashable, Sendable {
  /// 1-based line and column (in characters), for JSON that does not parse.
  case text(line: Int, column: Int)
  /// A path of keys and indexes from the top object: `routes[3].parameters[0].type`; empty
  /// for the top object itself.
  case path(String)
}

/// What is wrong in a routes file.
package enum RoutesFileProblem: Hashable, Sendable {
  /// `open(2)` or `read(2)` failed; `reason` names the errno.
  case unreadable(reason: String)
  /// The file is larger than `limit` bytes.
  case tooLarge(limit: Int)
  /// The file has no byte at all.
  case empty
  /// The file is empty because it is also standard output (`--routes f.json … > f.json`).
  case isStandardOutput
  case invalidJSON(JSONError)
  /// A value of the wrong JSON type: `expected` ("a string"), `found` ("a number").
  case wrongType(expected: String, found: String)
  /// A key the format requires is not there.
  case missingKey(String)
  /// A key the format does not have: a typo is never ignored.
  case unknownKey(String, suggestion: String?, known: [String])
  /// A parameter type that does not exist.
  case unknownType(String, suggestion: String?)
  /// The scheme is not an RFC 3986 scheme (`shop`, `my-app+debug`).
  case badScheme(String)
  /// `android.package` is not an Android application id.
  case badPackage(String)
  /// `ios.bundleId` is not a bundle identifier.
  case badBundleID(BundleIdentifierError)
  /// A route or parameter name outside the naming rules.
  case badName(String, kind: NameKind)
  /// A route named like a command of `deeplink`, or a parameter like a global option.
  case reservedName(String, kind: NameKind)
  /// A name given twice; `firstPlace` is where it was first given.
  case duplicateName(String, kind: NameKind, firstPlace: String)
  /// `routes` is an empty array.
  case noRoutes
  /// `choices` of a choice parameter is missing or empty.
  case noChoices
  /// A choice listed twice.
  case duplicateChoice(String)
  /// A key that only some types take, on another type (`range` on a string).
  case keyNotForType(String, type: String, takenBy: String)
  /// `range.min` greater than `range.max`.
  case emptyRange(min: Int, max: Int)
  /// A default that is not of the parameter's type.
  case defaultOfWrongType(expected: String, found: String)
  /// An integer default outside the parameter's range.
  case defaultOutOfRange(Int, min: Int, max: Int)
  /// A choice default that is not one of the choices.
  case defaultNotAChoice(String, choices: [String], suggestion: String?)
  /// `"required": true` with a default: one of the two is a mistake.
  case requiredWithDefault
  /// `"required": false` without a default, which the parameter would then have no value.
  case optionalWithoutDefault
  /// A control character (other than a newline in `help`) in a text.
  case controlCharacter

  /// What a name names.
  package enum NameKind: String, Hashable, Sendable {
    case route
    case parameter
  }

  /// The problem, without the file and place.
  package var message: String {
    switch self {
    case .unreadable(let reason): "cannot read the routes file: \(reason)"
    case .tooLarge(let limit): "the routes file is larger than \(limit >> 20) MiB"
    case .empty: "the routes file is empty; write it with 'deeplink routes --json > FILE'"
    case .isStandardOutput:
      "the routes file is also standard output, which the shell emptied before deeplink could "
        + "read it; write the output to another file"
    case .invalidJSON(let error): "invalid JSON: " + Self.describe(error)
    case .wrongType(let expected, let found): "expected \(expected), found \(found)"
    case .missingKey(let key): "the key '\(key)' is missing"
    case .unknownKey(let key, let suggestion, let known):
      "unknown key '\(key.messageExcerpt)'"
        + (suggestion.map { " — did you mean '\($0)'?" }
          ?? "; the keys here are " + known.map { "'\($0)'" }.joined(separator: ", "))
    case .unknownType(let type, let suggestion):
      "unknown type '\(type.messageExcerpt)'"
        + (suggestion.map { " — did you mean '\($0)'?" }
          ?? "; the types are " + RoutesFile.typeNames.map { "'\($0)'" }.joined(separator: ", "))
    case .badBundleID(let error):
      error.message
    case .badPackage(let package):
      "'\(package.messageExcerpt)' is not an Android application id: two or more segments separated "
        + "by '.', each a letter then letters, digits or '_' (such as 'com.example.app')"
    case .badScheme(let scheme):
      "'\(scheme.messageExcerpt)' is not a URL scheme: a lowercase letter, then lowercase letters, "
        + "digits, '+', '-' or '.'"
        + (scheme.hasSuffix("://") ? " (write it without '://')" : " (such as 'myapp')")
    case .badName(let name, .route):
      "route name '\(name.messageExcerpt)' must be lowercase ASCII letters, digits and hyphens, "
        + "starting with a letter"
    case .badName(let name, .parameter):
      "parameter name '\(name.messageExcerpt)' must be ASCII letters, digits and hyphens, "
        + "starting with a letter"
    case .reservedName(let name, .route):
      "route name '\(name)' is a deeplink command; choose another name"
    case .reservedName(let name, .parameter):
      "parameter name '\(name)' is a deeplink global option (--\(name)); choose another name"
    case .duplicateName(let name, let kind, let firstPlace):
      "\(kind.rawValue) '\(name)' is already declared at \(firstPlace)"
    case .noRoutes: "there are no routes; declare at least one"
    case .noChoices: "a choice parameter needs 'choices', a non-empty array of strings"
    case .duplicateChoice(let choice): "the choice '\(choice.messageExcerpt)' is listed twice"
    case .keyNotForType(let key, let type, let takenBy):
      "'\(key)' is for \(takenBy) parameters, this one is \(type); remove it or change the type"
    case .emptyRange(let min, let max): "the range is empty: min \(min) is greater than max \(max)"
    case .defaultOfWrongType(let expected, let found):
      "the default must be \(expected), found \(found)"
    case .defaultOutOfRange(let value, let min, let max):
      "the default \(value) is outside the range \(min) to \(max)"
    case .defaultNotAChoice(let value, let choices, let suggestion):
      "the default '\(value.messageExcerpt)' is not one of the choices ("
        + choices.map { "'\($0.messageExcerpt)'" }.joined(separator: ", ") + ")"
        + (suggestion.map { " — did you mean '\($0)'?" } ?? "")
    case .requiredWithDefault:
      "a required parameter has no default; remove the default or set 'required' to false"
    case .optionalWithoutDefault:
      "an optional parameter needs a default; give one or set 'required' to true"
    case .controlCharacter:
      "the text holds a control character; only 'help' may hold newlines"
    }
  }

  /// A JSON syntax error without its offset (the place gives line and column).
  static func describe(_ error: JSONError) -> String {
    switch error {
    case .unexpectedEnd: "the document ends too early (a missing '}' or ']'?)"
    case .unexpectedByte(let byte, _):
      byte >= 0x20 && byte < 0x7F
        ? "unexpected '\(Character(Unicode.Scalar(byte)))'"
        : "unexpected byte 0x\(String(byte, radix: 16))"
    case .invalidEscape: "invalid escape in a string"
    case .invalidNumber: "invalid number"
    case .invalidUTF8: "a string is not UTF-8"
    case .tooDeep: "nested deeper than 64 levels"
    case .trailingBytes: "more after the end of the document"
    case .duplicateKey(let key): "the key \(JSON.string(key).serialized) appears twice in one object"
    }
  }
}
