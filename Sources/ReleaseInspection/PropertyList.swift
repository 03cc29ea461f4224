/// A property list value, as the XML and the binary reader give it.
///
/// A dictionary keeps its keys in file order (duplicates too), so that a place in the file
/// can be named: `CFBundleURLTypes[1].CFBundleURLSchemes[0]`.
package indirect enum PropertyList: Hashable, Sendable {
  case string(String)
  case integer(Int64)
  case real(Double)
  case boolean(Bool)
  /// Seconds since 2001-01-01 00:00:00 UTC in a binary plist; the text of an XML `<date>`.
  case date(String)
  case data([UInt8])
  case array([PropertyList])
  case dictionary([(key: String, value: PropertyList)])
  /// A binary plist's keyed-archiver reference (`CF$UID`).
  case uid(UInt64)

  /// The first value of `key`, if this is a dictionary that has it.
  package subscript(key: String) -> PropertyList? {
    guard case .dictionary(let entries) = self else { return nil }
    return entries.first(where: { $0.key == key })?.value
  }

  package static func == (lhs: PropertyList, rhs: PropertyList) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.real(let a), .real(let b)): a == b || (a.isNaN && b.isNaN)
    case (.boolean(let a), .boolean(let b)): a == b
    case (.date(let a), .date(let b)): a == b
    case (.data(let a), .data(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.dictionary(let a), .dictionary(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.uid(let a), .uid(let b)): a == b
    default: false
    }
  }

  package func hash(into hasher: inout Hasher) {
    switch self {
    case .string(let value): hasher.combine(value)
    case .integer(let value): hasher.combine(value)
    case .real(let value): hasher.combine(value.isNaN ? .nan : value)
    case .boolean(let value): hasher.combine(value)
    case .date(let value): hasher.combine(value)
    case .data(let value): hasher.combine(value)
    case .array(let value): hasher.combine(value)
    case .dictionary(let entries):
      hasher.combine(entries.count)
      for entry in entries {
        hasher.combine(entry.key)
        hasher.combine(entry.value)
      }
    case .uid(let value): hasher.combine(value)
    }
  }
}

extension PropertyList {
  /// Reads a property list in either of the forms Xcode writes: binary (`bplist00`) or XML.
  ///
  /// - Throws: ``PropertyListError`` naming the first problem and where it is.
  package static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
    if BinaryPropertyListReader.isBinary(bytes) {
      return try BinaryPropertyListReader.read(bytes)
    }
    return try XMLPropertyListReader.read(bytes)
  }
}
