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
  case object([Member])

  /// One member of an object: its key and its value. A struct rather than a `(String, JSON)`
  /// tuple: an array of tuples is destroyed through the runtime's generic tuple code, member by
  /// member, and every reply is a tree of them (BENCHMARKS.md).
  package struct Member: Hashable, Sendable {
    package var key: String
    package var value: JSON

    package init(_ key: String, _ value: JSON) {
      self.key = key
      self.value = value
    }
  }

  /// An object of `members` written as `(key, value)` pairs, the way a literal reads best:
  /// `.object([("ok", .bool(true))])`.
  package static func object(_ members: [(String, JSON)]) -> JSON {
    .object(members.map { Member($0.0, $0.1) })
  }

  /// `{}`.
  package static let emptyObject = JSON.object([Member]())

  package static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.double(let a), .double(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a == b
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
      for member in members {
        hasher.combine(member.key)
        hasher.combine(member.value)
      }
    }
  }

  /// The member `key` of an object, or `nil`.
  package subscript(key: String) -> JSON? {
    guard case .object(let members) = self else { return nil }
    return members.first(where: { $0.key == key })?.value
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

  package var objectValue: [Member]? {
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
