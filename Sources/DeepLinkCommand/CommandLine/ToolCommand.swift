import DeepLinkRoutes

/// A command of the tool besides its routes (`url`, `tour`, `check-release`, …): one type in
/// one file that declares its name, its help and its options once, parses what follows its
/// name, and runs in a ``CommandContext``.
///
/// Help, the man page, completion and parsing all read the declarations, so adding a command
/// is a new conforming type and one line in ``CommandRegistry/commands``.
///
///     struct PingCommand: ToolCommand, Equatable {
///       static let name = "ping"
///       static let summary = "Ask whether the app answers"
///       …
///       init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError) {}
///       func run(in context: CommandContext) throws { … }
///     }
protocol ToolCommand: ParsedCommand {
  /// As typed: `check-release`. No route may take it (``DeepLinkTool/reservedRouteNames``).
  static var name: String { get }
  /// What follows the name in a usage line (global options aside): `<url>`.
  static var synopsis: String { get }
  /// One line, no trailing period.
  static var summary: String { get }
  /// Paragraphs for `help <command>`, separated by blank lines, as `tool` says them; examples
  /// from `table`.
  static func details(for table: RouteTable, tool: ToolIdentity) -> String
  /// Its options: its own, and global ones with a meaning of their own here, in help's order.
  static var options: [CommandOption] { get }
  /// The words it takes besides its options.
  static var operands: CommandOperands { get }
  /// Examples for its help page, as (command line, what it does), run by `tool`; routes from
  /// `table`.
  static func examples(in table: RouteTable, tool: ToolIdentity) -> [(String, String)]
  /// The commands named by the word after its own (`mcp install`), each a command of its own
  /// whose ``name`` is both words; none by default.
  static var subcommands: [any ToolCommand.Type] { get }

  /// Parses what follows the name; by default the command's options and operands, as
  /// declared, then ``init(_:table:)``.
  static func parse(_ parser: inout InvocationParser) throws(UsageError) -> Self
  /// The command from its parsed arguments, checked: a wrong value is a usage error.
  init(_ arguments: CommandArguments, table: RouteTable) throws(UsageError)
}

extension ToolCommand {
  static var synopsis: String { "" }
  static var options: [CommandOption] { [] }
  static var operands: CommandOperands { .none }
  static var subcommands: [any ToolCommand.Type] { [] }

  static func parse(_ parser: inout InvocationParser) throws(UsageError) -> Self {
    try Self(parser.arguments(of: Self.self), table: parser.table)
  }

  /// The flags of its own options (``options`` without the global ones), as typed.
  static var ownFlags: [String] { options.filter { !$0.isGlobal }.map(\.flag) }

  /// Those of ``ownFlags`` that take a value.
  static var ownValueFlags: [String] { options.filter { !$0.isGlobal && $0.value != .none }.map(\.flag) }

  /// Those of ``ownValueFlags`` that may be given more than once.
  static var ownRepeatableFlags: [String] { options.filter(\.isRepeatable).map(\.flag) }
}
