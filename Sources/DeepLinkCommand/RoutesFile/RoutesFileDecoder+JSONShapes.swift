import DeepLinkRoutes
import DeepLinkWire

/// The shapes every value of a routes file is checked against: an object of known keys, a
/// string, a text a terminal can print.
extension RoutesFileDecoder {
  /// The members of an object whose keys are all among `keys`.
  static func object(
    _ value: JSON, at location: RoutesFileLocation, keys: [String]
  ) throws(LocatedProblem) -> [JSON.Member] {
    guard case .object(let members) = value else {
      throw LocatedProblem(
        location: location, problem: .wrongType(expected: "an object", found: value.kindName))
    }
    for member in members where !keys.contains(member.key) {
      throw unknownKey(member.key, at: location, keys: keys)
    }
    return members
  }

  /// The error for `key`, which is not among `keys`, in the object at `location`.
  static func unknownKey(_ key: String, at location: RoutesFileLocation, keys: [String]) -> LocatedProblem {
    var place = location
    if location.key == nil { place.key = key } else { place.subkey = key }
    let suggestion = Suggestion.closest(to: key, in: keys)
    return LocatedProblem(location: place, problem: .unknownKey(key, suggestion: suggestion, known: keys))
  }

  static func string(_ value: JSON, at location: RoutesFileLocation) throws(LocatedProblem) -> String {
    guard case .string(let text) = value else {
      throw LocatedProblem(
        location: location, problem: .wrongType(expected: "a string", found: value.kindName))
    }
    return text
  }

  /// A string without control characters (but newlines, when `newlines`): what a route's help
  /// prints must not drive the terminal.
  static func text(_ value: JSON, at location: RoutesFileLocation, newlines: Bool) throws(LocatedProblem)
    -> String
  {
    let text = try string(value, at: location)
    // Bytes first: printable ASCII, the usual text, needs no look at its scalars.
    var plain = true
    var contiguous = text
    contiguous.withUTF8 { bytes in
      for byte in bytes where byte < 0x20 || byte >= 0x7F {
        plain = false
        break
      }
    }
    if plain { return text }
    for scalar in text.unicodeScalars where ControlCharacters.contains(scalar) {
      if newlines, scalar == "\n" { continue }
      throw LocatedProblem(location: location, problem: .controlCharacter)
    }
    return text
  }
}
