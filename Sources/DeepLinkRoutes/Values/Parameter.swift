/// One typed parameter of a route: `id` of `recipe`, `message` of `login-error`.
///
/// A parameter without a default is required; one with a default is optional, and a URL or
/// command line that leaves it out gets the default.
public struct Parameter: Hashable, Sendable {
  /// The query key and, prefixed with `--`, the command-line option.
  public let name: String
  /// What the parameter accepts.
  public let type: ParameterType
  /// The value used when the parameter is left out; `nil` makes the parameter required.
  public let defaultValue: ArgumentValue?
  /// One line for help text.
  public let help: String

  /// Whether a link must give the parameter (it has no default).
  public var isRequired: Bool { defaultValue == nil }

  /// A parameter; prefer the factories ``integer(_:range:default:help:)``, ``string(_:default:help:)``,
  /// ``flag(_:help:)`` and ``choice(_:_:default:help:)``.
  public init(name: String, type: ParameterType, default defaultValue: ArgumentValue?, help: String) {
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.help = help
  }

  /// A required or defaulted integer, optionally limited to `range`.
  public static func integer(
    _ name: String, range: ClosedRange<Int>? = nil, default value: Int? = nil, help: String
  ) -> Parameter {
    Parameter(name: name, type: .integer(range: range), default: value.map { .integer($0) }, help: help)
  }

  /// A required or defaulted string.
  public static func string(_ name: String, default value: String? = nil, help: String) -> Parameter {
    Parameter(name: name, type: .string, default: value.map { .string($0) }, help: help)
  }

  /// A boolean flag, `false` unless given.
  public static func flag(_ name: String, help: String) -> Parameter {
    Parameter(name: name, type: .boolean, default: .boolean(false), help: help)
  }

  /// One of `choices`, required or defaulted.
  public static func choice(
    _ name: String, _ choices: [String], default value: String? = nil, help: String
  ) -> Parameter {
    Parameter(name: name, type: .choice(choices), default: value.map { .string($0) }, help: help)
  }
}
