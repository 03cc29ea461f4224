/// An option as a command declares it, once: parsing, help, the man page and completion read
/// it.
struct CommandOption: Hashable, Sendable {
  /// What an option's value is, for parsing and completion.
  enum Value: Hashable, Sendable {
    /// A flag: no value.
    case none
    /// A file or directory path: completes paths.
    case path
    /// Free text (a number, an id): nothing to complete.
    case text
  }

  /// As typed: `--png`.
  let flag: String
  /// As help shows it: `--png <file>`.
  let synopsis: String
  /// One line for help and completion.
  let help: String
  let value: Value
  /// Whether it is a global option (``GlobalOption``) that this command gives a meaning of its
  /// own, for help; parsed as every global option is.
  let isGlobal: Bool
  /// Whether it may be given more than once, each value kept in order
  /// (``CommandArguments/repeated``): `--env A=1 --env B=2`. Help shows it as `--env <…>...`;
  /// any other option given twice is a usage error.
  let isRepeatable: Bool

  /// An option of the command's own: a flag, or with `placeholder` one that takes a value;
  /// `repeatable` for one that takes a value and may be given again.
  init(
    _ flag: String, _ value: Value = .none, placeholder: String? = nil, repeatable: Bool = false, help: String
  ) {
    precondition(!repeatable || value != .none, "only an option with a value repeats")
    self.flag = flag
    self.synopsis = (placeholder.map { flag + " <\($0)>" } ?? flag) + (repeatable ? "..." : "")
    self.help = help
    self.value = value
    self.isGlobal = false
    self.isRepeatable = repeatable
  }

  /// A global option, with what it means for this command.
  init(_ option: GlobalOption, help: String) {
    self.flag = option.flag
    self.synopsis = option.synopsis
    self.help = help
    self.value = option.valueName == nil ? .none : .text
    self.isGlobal = true
    self.isRepeatable = false
  }
}

/// The words a command takes besides its options: how many, what help and errors call them,
/// and how they complete.
struct CommandOperands: Hashable, Sendable {
  /// The most it takes: 0, 1 or `Int.max`.
  let maximum: Int
  /// What it takes, to complete "unexpected argument 'x'; …": `open takes one URL`.
  let takes: String?
  /// How its first word completes.
  let completion: CompletionModel.Argument

  /// No words: "<name> takes no arguments".
  static let none = CommandOperands(maximum: 0, takes: nil, completion: .none)

  /// At most one word.
  static func one(_ takes: String, completion: CompletionModel.Argument) -> CommandOperands {
    CommandOperands(maximum: 1, takes: takes, completion: completion)
  }

  /// Any number of words.
  static func many(_ takes: String, completion: CompletionModel.Argument) -> CommandOperands {
    CommandOperands(maximum: Int.max, takes: takes, completion: completion)
  }
}
