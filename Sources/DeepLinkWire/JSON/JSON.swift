/// A JSON value, with object keys kept in order so that output is deterministic.
///
/// Our own small type instead of Foundation's coders: the CLI stays off Foundation's start-up
/// cost, and every reply is one line.
///
///     let value: JSON = .object([("ok", .bool(true)), ("id", .int(42))])
///     value.serialized  // {"ok":true,"id":42}
public enum JSON: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  public static func == (lhs: JSON, rhs: JSON) -> Bool {
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

  public func hash(into hasher: inout Hasher) {
    hasher.combine(serialized)
  }

  /// The member `key` of an object, or `nil`.
  public subscript(key: String) -> JSON? {
    guard case .object(let members) = self else { return nil }
    return members.first(where: { $0.0 == key })?.1
  }

  public var stringValue: String? {
    if case .string(let value) = self { value } else { nil }
  }

  public var intValue: Int? {
    switch self {
    case .int(let value): value
    case .double(let value): Int(exactly: value)
    default: nil
    }
  }

  public var boolValue: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }

  public var arrayValue: [JSON]? {
    if case .array(let value) = self { value } else { nil }
  }

  public var objectValue: [(String, JSON)]? {
    if case .object(let value) = self { value } else { nil }
  }
}
