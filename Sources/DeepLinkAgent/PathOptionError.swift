import DeepLinkWire

/// Why a ``PathOption`` was refused: a usage error (exit 64), its message naming the option
/// and the fix.
enum PathOptionError: Error, Hashable, Sendable {
  /// `--log` came last, or before another option (`instead`).
  case missing(option: String, noun: String, instead: String?)
  /// `--log ''` or `--log=`.
  case empty(option: String, noun: String)
  /// `--log a.log --log=b.log`.
  case givenTwice(option: String)

  /// One line for the user.
  var message: String {
    switch self {
    case .missing(let option, let noun, nil):
      "\(option) needs a \(noun)"
    case .missing(let option, let noun, let instead?):
      "\(option) needs a \(noun), got the option '\(ControlCharacters.escaped(instead))'; "
        + "for a path of that name write \(option)=\(ControlCharacters.escaped(instead))"
    case .empty(let option, let noun):
      "\(option) expects a \(noun), got ''"
    case .givenTwice(let option):
      "\(option) is given twice; give it once"
    }
  }
}
