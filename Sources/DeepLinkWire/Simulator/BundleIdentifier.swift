/// An app's bundle identifier, checked before any tool runs or any path is made of it.
///
/// Apple's rule: "A bundle ID string needs to be a uniform type identifier (UTI) that contains
/// only alphanumeric characters (A-Z, a-z, 0-9), hyphens (-), and/or periods (.)", and
/// "Bundle IDs are case insensitive" (developer.apple.com/help/glossary/bundle-id). Also
/// refused here: an empty one, and an empty part (`..`, a `.` at either end). Checked before any tool runs, and
/// before a socket path is made of it.
///
///     try BundleIdentifier.validate("com.example.Recipes")  // fine
///     try BundleIdentifier.validate("com/example")           // throws .invalidCharacter
package enum BundleIdentifier {
  /// The rule in words, for messages and help.
  package static let rule = "ASCII letters, digits, '-' and '.', such as com.example.Recipes"

  /// - Throws: ``BundleIdentifierError`` naming what is wrong.
  package static func validate(_ text: String) throws(BundleIdentifierError) {
    guard !text.isEmpty else { throw .empty }
    for scalar in text.unicodeScalars {
      let allowed =
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
        || (scalar >= "0" && scalar <= "9")
        || scalar == "-" || scalar == "."
      guard allowed else { throw .invalidCharacter(text, scalar) }
    }
    if text.contains("..") || text.hasPrefix(".") || text.hasSuffix(".") { throw .emptyComponent(text) }
  }
}

/// Why a string is not a bundle identifier.
package enum BundleIdentifierError: Error, Hashable, Sendable {
  case empty
  case invalidCharacter(String, Unicode.Scalar)
  case emptyComponent(String)

  /// One sentence naming the problem and what would be right.
  package var message: String {
    switch self {
    case .empty:
      "the bundle id is empty; give the app's bundle identifier (\(BundleIdentifier.rule))"
    case .invalidCharacter(let text, let scalar):
      "the bundle id '\(ControlCharacters.escaped(text))' contains "
        + Self.describe(scalar) + "; a bundle identifier has only \(BundleIdentifier.rule)"
    case .emptyComponent(let text):
      "the bundle id '\(ControlCharacters.escaped(text))' has an empty part ('..', or a '.' at an "
        + "end); a bundle identifier has \(BundleIdentifier.rule)"
    }
  }

  private static func describe(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case " ": "a space"
    case "\n": "a newline"
    default:
      scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7f
        ? "'\(Character(scalar))'"
        : "'\(ControlCharacters.escaped(String(Character(scalar))))' (U+\(String(scalar.value, radix: 16, uppercase: true)))"
    }
  }
}
