import DeepLinkRoutes

extension Parameter {
  /// The option as help writes it: `--id <integer>`, `--sort <name|newest|rating>`, `--unsaved`.
  var synopsis: String {
    "--" + name + (placeholder.map { " <\($0)>" } ?? "")
  }

  /// The value placeholder, or `nil` for a flag; choices are spelled out when they are short.
  var placeholder: String? {
    switch type {
    case .boolean: nil
    case .choice(let choices):
      choices.joined(separator: "|").count <= 30 ? choices.joined(separator: "|") : "choice"
    case .integer, .string: type.name
    }
  }

  /// The synopsis in a usage line: in brackets when optional.
  var usage: String { isRequired ? synopsis : "[\(synopsis)]" }

  /// Type, range or choices, required-ness or default, as one line of help:
  /// `required; an integer from 1 to 999999`.
  var facts: String {
    var parts: [String] = []
    if isRequired { parts.append("required") }
    switch type {
    case .integer(let range?): parts.append("an integer from \(range.lowerBound) to \(range.upperBound)")
    case .integer(nil): parts.append("an integer")
    case .string: parts.append("any text")
    case .boolean:
      parts.append(
        (isRequired ? "" : "a flag; --\(name)=<value> takes ") + ParameterType.booleanRule)
    case .choice(let choices): parts.append("one of " + choices.joined(separator: ", "))
    }
    if let defaultValue {
      parts.append(
        type == .boolean
          ? (defaultValue == .boolean(false) ? "off unless given" : "default: on")
          : "default: " + Self.display(defaultValue))
    }
    return parts.joined(separator: "; ")
  }

  /// Required-ness or default and range, for the `routes` table: `required, 1 to 999999`.
  var compactFacts: String {
    var parts: [String] = []
    if let defaultValue {
      parts.append(type == .boolean ? "flag" : "default: " + Self.display(defaultValue))
    } else {
      parts.append("required")
    }
    if case .integer(let range?) = type { parts.append("\(range.lowerBound) to \(range.upperBound)") }
    return parts.joined(separator: ", ")
  }

  /// A default as help shows it: strings quoted when they are empty or hold spaces.
  static func display(_ value: ArgumentValue) -> String {
    guard case .string(let text) = value else { return value.text }
    return text.isEmpty || text.utf8.contains(UInt8(ascii: " ")) ? "'\(text)'" : text
  }
}
