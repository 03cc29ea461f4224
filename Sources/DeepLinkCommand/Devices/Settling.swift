import Pictures

/// How a picture waits for the screen to stop changing: `--settle-timeout SECONDS` and
/// `--tolerance N`, of `tour`, `screen --png` and `mcp`.
///
/// A picture of a simulator or an Android device is taken once two screenshots in a row match
/// within the tolerance (``PictureComparison``), or when the settle timeout has passed since
/// the first, whichever comes first: an app that acknowledged its link may still be animating
/// (a `NavigationStack` push lasts about a third of a second).
///
///     deeplink --target simulator screen --png shot.png --settle-timeout 1 --tolerance 2
///     // timeout 1, tolerance 2
package struct Settling: Hashable, Sendable {
  /// `--settle-timeout`; `nil` means ``defaultTimeout``. 0: one screenshot, not compared.
  package var timeout: Double?
  /// `--tolerance`; `nil` means 0 (equal samples).
  package var tolerance: Int?

  package init(timeout: Double? = nil, tolerance: Int? = nil) {
    self.timeout = timeout
    self.tolerance = tolerance
  }

  /// Seconds a picture waits at most for the screen to settle when `--settle-timeout` is not
  /// given: as long as argent's `await-screen-idle` waits by default (software-mansion/argent).
  package static let defaultTimeout: Double = 3
  /// The longest `--settle-timeout`: a screen still changing after a minute is a spinner, not
  /// a transition.
  package static let maximumTimeout: Double = 60

  /// What `--settle-timeout` takes, for its error message.
  package static let timeoutRule =
    "decimal seconds from 0 to 60, such as 3 or 0.5 (0: one screenshot, not waiting for the screen to settle)"

  /// `--settle-timeout <seconds>`, of `tour`, `screen` and `mcp`.
  static let timeoutFlag = "--settle-timeout"
  /// `--tolerance <n>`, of `tour`, `screen` and `mcp`.
  static let toleranceFlag = "--tolerance"

  /// `--settle-timeout <seconds>`, as help shows it.
  static let timeoutOption = CommandOption(
    timeoutFlag, .text, placeholder: "seconds",
    help: "Take screenshots until two in a row match, at most this long (default "
      + "\(GlobalOption.formatted(defaultTimeout)); 0: one screenshot)")
  /// `--tolerance <n>` of `screen` and `mcp`, as help shows it.
  static let toleranceOption = CommandOption(
    toleranceFlag, .text, placeholder: "n",
    help: "Two screenshots match when no channel differs by more than n of "
      + "\(PictureComparison.maximumTolerance) (default 0)")

  /// Whether either option was given.
  package var isGiven: Bool { timeout != nil || tolerance != nil }

  /// The settle timeout in milliseconds.
  var timeoutMilliseconds: Int { Int(((timeout ?? Self.defaultTimeout) * 1000).rounded()) }

  /// Whether pictures are compared at all (a settle timeout above 0).
  var compares: Bool { timeoutMilliseconds > 0 }

  /// The tolerance of the comparison.
  var pixelTolerance: Int { tolerance ?? 0 }

  /// `text` as a settle timeout: decimal digits with an optional fraction (`3`, `0.5`, `.5`,
  /// `0`), from 0 to ``maximumTimeout``; `nil` for anything else (a sign, an exponent, `inf`,
  /// spaces, a number out of range).
  package static func timeout(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    let dot = UInt8(ascii: ".")
    let parts = bytes.split(separator: dot, maxSplits: 1, omittingEmptySubsequences: false)
    let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
    guard bytes.count <= 32, parts.allSatisfy({ $0.allSatisfy(isDigit) }),
      parts.contains(where: { !$0.isEmpty }),
      parts.count == 1 || !parts[1].isEmpty, let seconds = Double(text),
      (0...maximumTimeout).contains(seconds)
    else { return nil }
    return seconds
  }
}
