import DeepLinkRoutes
import DeepLinkWire

/// Why the app did not do what a request asked; travels as `{"kind":…,"message":…}`.
enum RequestError: Error, Equatable {
  /// The link is not one of the route table's (kind named after the ``LinkError`` case).
  case link(LinkError)
  /// Not a request at all: invalid JSON, unknown `op`, missing field, NUL byte, bad UTF-8.
  case badRequest(String)
  /// The request's deadline passed before the app got to it; nothing was applied.
  case expired(lateByMilliseconds: Int)
  /// A release build: debug links are compiled out, so that no shipped app opens them.
  case debugLinksDisabled(scheme: String)
  /// The app's handler refused the link (``LinkRefusal``); nothing was applied.
  case refused(String)
  /// The link was built from the route table `built` fingerprints, not from the app's `serves`:
  /// it is not applied, since a link means what the table that built it says.
  case staleTable(built: String, serves: String)

  var kind: ErrorKind {
    switch self {
    case .link(let error): error.kind
    case .badRequest: .badRequest
    case .expired: .expired
    case .debugLinksDisabled: .debugLinksDisabled
    case .refused: .refused
    case .staleTable: .staleTable
    }
  }

  var message: String {
    switch self {
    case .link(let error): error.message
    case .badRequest(let reason): reason
    case .expired(let late):
      "the request's deadline passed \(late) ms before the app read it; nothing was applied"
    case .debugLinksDisabled(let scheme):
      "this app is a release build, where \(scheme):// links do not exist; "
        + "run a debug build (swift build) or the one 'make release' builds"
    case .refused(let reason): reason
    case .staleTable(let built, let serves):
      "the link was built from route table \(built), this app serves \(serves); nothing was applied: "
        + "ask for its table ({\"op\":\"table\"}), build the link again and resend it"
    }
  }
}

extension LinkError {
  /// A stable, machine-readable name for the error, for `error.kind` on the wire.
  var kind: ErrorKind {
    switch self {
    case .notAURL: .notAURL
    case .wrongScheme: .wrongScheme
    case .missingRoute: .missingRoute
    case .unknownRoute: .unknownRoute
    case .unexpectedPath: .unexpectedPath
    case .unexpectedFragment: .unexpectedFragment
    case .malformedPercentEscape: .malformedPercentEscape
    case .invalidUTF8: .invalidUTF8
    case .argument(let error):
      switch error {
      case .unknownParameter: .unknownParameter
      case .missingParameter: .missingParameter
      case .duplicateParameter: .duplicateParameter
      case .missingValue: .missingValue
      case .invalidValue: .invalidValue
      }
    }
  }
}
