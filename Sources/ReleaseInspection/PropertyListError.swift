/// Why a property list could not be read: each case names where the problem is, so the
/// message can say what to look at.
package enum PropertyListError: Error, Hashable, Sendable {
  /// The XML is not well-formed, or not a property list (line, problem).
  case xml(XMLError)
  /// The binary form is broken at `offset`: `problem` says how.
  case binary(offset: Int, problem: String)
  /// Neither form: the first bytes are neither `bplist00` nor XML.
  case unknownFormat

  /// One sentence naming the problem and where it is.
  package var message: String {
    switch self {
    case .xml(let error): "not a valid XML property list: \(error.message)"
    case .binary(let offset, let problem): "not a valid binary property list: \(problem) (at byte \(offset))"
    case .unknownFormat:
      "not a property list: it starts neither with bplist00 (binary) nor with XML (<?xml or <plist)"
    }
  }
}
