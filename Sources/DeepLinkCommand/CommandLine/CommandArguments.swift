import Pictures

/// What followed a command's name, sorted by the parser: its words, the flags of its own it
/// was given, the values of its own options, and the global options seen so far.
struct CommandArguments {
  /// The command's name, for messages.
  let command: String
  /// Its plain words (operands), in order.
  var words: [String] = []
  /// Its own flags given, as typed: `--markdown`.
  var flags: Set<String> = []
  /// Its own options' values, by flag as typed: `["--png": "shot.png"]`.
  var values: [String: String] = [:]
  /// Its repeatable options' values (``CommandOption/isRepeatable``), by flag, in the order
  /// given: `["--env": ["A=1", "B=2"]]`.
  var repeated: [String: [String]] = [:]
  /// The global options of the whole line.
  var options = GlobalOptions()

  /// Whether the flag was given.
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// The value of an option that takes a path, checked not empty.
  func path(_ flag: String) throws(UsageError) -> String? {
    guard let value = values[flag] else { return nil }
    guard !value.isEmpty else {
      throw .invalidValue(option: flag, value: value, expected: "a path", in: .command(command))
    }
    return value
  }

  /// `--settle-timeout SECONDS` and `--tolerance N`, checked: how a picture waits for the
  /// screen to stop changing.
  func settling() throws(UsageError) -> Settling {
    var settling = Settling()
    if let text = values[Settling.toleranceFlag] {
      guard let number = InvocationParser.decimalInteger(text), number <= PictureComparison.maximumTolerance
      else {
        throw .invalidValue(
          option: Settling.toleranceFlag, value: text,
          expected: "an integer from 0 to \(PictureComparison.maximumTolerance)", in: .command(command))
      }
      settling.tolerance = number
    }
    if let text = values[Settling.timeoutFlag] {
      guard let seconds = Settling.timeout(text) else {
        throw .invalidValue(
          option: Settling.timeoutFlag, value: text, expected: Settling.timeoutRule, in: .command(command))
      }
      settling.timeout = seconds
    }
    return settling
  }
}
