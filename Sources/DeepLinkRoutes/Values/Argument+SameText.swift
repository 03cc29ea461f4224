extension Argument {
  /// Whether `other` has the same name and value, every string the same bytes: `==` compares
  /// strings by canonical equivalence, so two arguments it calls equal may still be written,
  /// shown or sent differently.
  package func hasSameText(as other: Argument) -> Bool {
    guard name.hasSameUTF8(as: other.name) else { return false }
    switch (value, other.value) {
    case (.integer(let left), .integer(let right)): return left == right
    case (.boolean(let left), .boolean(let right)): return left == right
    case (.string(let left), .string(let right)): return left.hasSameUTF8(as: right)
    default: return false
    }
  }
}

extension [Argument] {
  /// Whether `other` holds arguments with the same text (``Argument/hasSameText(as:)``), in the
  /// same order.
  package func haveSameText(as other: [Argument]) -> Bool {
    count == other.count && zip(self, other).allSatisfy { $0.hasSameText(as: $1) }
  }
}
