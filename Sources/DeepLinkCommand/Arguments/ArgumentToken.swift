/// One command-line argument, classified but not yet interpreted.
///
/// ``ArgumentTokenizer`` makes these from `argv`; the parser gives them meaning (which option
/// takes a value, which word is the command). Each token can give back the text it came from.
package enum ArgumentToken: Hashable, Sendable {
  /// `--name` (`value` is `nil`) or `--name=value` (`value` may be empty: `--name=`).
  case longOption(name: String, value: String?)
  /// A dash and letters: `-h`, `-x`. Holds the letters.
  case shortOption(String)
  /// Anything else: a word, `-` alone, a negative number (`-1`), or any argument after `--`.
  case argument(String)
  /// `--`: every later argument is an ``argument(_:)``, whatever it looks like.
  case terminator

  /// The argument as the user typed it.
  ///
  ///     ArgumentToken.longOption(name: "id", value: "42").text  // "--id=42"
  package var text: String {
    switch self {
    case .longOption(let name, let value): "--" + name + (value.map { "=" + $0 } ?? "")
    case .shortOption(let letters): "-" + letters
    case .argument(let word): word
    case .terminator: "--"
    }
  }

  /// Whether this is `-h` or `--help`, which ask for help wherever they appear before `--`.
  package var isHelp: Bool {
    self == .shortOption("h") || self == .longOption(name: "help", value: nil)
  }

  /// Whether this is `--version`.
  package var isVersion: Bool {
    self == .longOption(name: "version", value: nil)
  }
}
