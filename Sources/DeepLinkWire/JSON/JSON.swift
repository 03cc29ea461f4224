/// A JSON value, with object keys kept in order so that output is deterministic.
///
/// Our own small type instead of Foundation's coders: the CLI stays off Foundation's start-up
/// cost, and every reply is one line.
///
///     let value: JSON = .object([("ok", .bool(true)), ("id", .int(42))])
///     value.serialized  // {"ok":true,"id":42}
package enum JSON: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  package static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.double(let a), .double(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// Structural, consistent with `==` (hashing the serialized text was not: `0.0 == -0.0`
  /// but they print differently).
  package func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value):
      hasher.combine(1)
      hasher.combine(value)
    case .int(let value):
      hasher.combine(2)
      hasher.combine(value)
    case .double(let value):
      hasher.combine(3)
      hasher.combine(value)
    case .string(let value):
      hasher.combine(4)
      hasher.combine(value)
    case .array(let elements):
      hasher.combine(5)
      hasher.combine(elements)
    case .object(let members):
      hasher.combine(6)
      hasher.combine(members.count)
      for (key, value) in members {
        hasher.combine(key)
        hasher.combine(value)
      }
    }
  }

  /// The member `key` of an object, or `nil`.
  package subscript(key: String) -> JSON? {
    guard case .object(let members) = self else { return nil }
    return members.first(where: { $0.0 == key })?.1
  }

  package var stringValue: String? {
    if case .string(let value) = self { value } else { nil }
  }

  package var intValue: Int? {
    switch self {
    case .int(let value): value
    case .double(let value): Int(exactly: value)
    default: nil
    }
  }

  package var boolValue: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }

  package var arrayValue: [JSON]? {
    if case .array(let value) = self { value } else { nil }
  }

  package var objectValue: [(String, JSON)]? {
    if case .object(let value) = self { value } else { nil }
  }
}

extension JSON {
  /// How a message names the value's JSON type: `null`, `a boolean`, `a number`, `a string`,
  /// `an array`, `an object`.
  package var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .int, .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
