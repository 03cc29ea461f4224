/// What a command line asked for, parsed and checked, ready to run: a route's link
/// (``LinkCommand``), one of the ``ToolCommand``s, or the hidden completion callback.
///
/// It refines no protocol of the standard library: a conformance to one of those (`Hashable`,
/// `Equatable`) has its witness table built at run time, and the tool would build one for every
/// command at each start. Each command is `Equatable` on its own, which ``isSame(as:)`` uses.
protocol ParsedCommand: Sendable {
  /// Whether `--keep` applies to it: only to commands that send one link.
  static var takesKeep: Bool { get }
  /// Whether `--quiet` silences its standard output; `mcp` speaks its protocol there.
  static var isQuietable: Bool { get }
  /// Does what was asked, writing its results to the context's output.
  ///
  /// - Throws: a ``CommandFailure`` of the feature that failed (``UsageError``,
  ///   ``ClientFailure``, ``DeviceFailure``, …), which ``DeepLinkTool`` reports.
  func run(in context: CommandContext) throws
  /// Whether `other` is the same command with the same arguments.
  func isSame(as other: any ParsedCommand) -> Bool
}

extension ParsedCommand where Self: Equatable {
  func isSame(as other: any ParsedCommand) -> Bool { (other as? Self) == self }
}

extension ParsedCommand {
  static var takesKeep: Bool { false }
  static var isQuietable: Bool { true }
}
