/// What a command line asked for, parsed and checked, ready to run: a route's link
/// (``LinkCommand``), one of the ``ToolCommand``s, or the hidden completion callback.
protocol ParsedCommand: Hashable, Sendable {
  /// Whether `--keep` applies to it: only to commands that send one link.
  static var takesKeep: Bool { get }
  /// Whether `--quiet` silences its standard output; `mcp` speaks its protocol there.
  static var isQuietable: Bool { get }
  /// Does what was asked, writing its results to the context's output.
  ///
  /// - Throws: a ``CommandFailure`` of the feature that failed (``UsageError``,
  ///   ``ClientFailure``, ``DeviceFailure``, …), which ``DeepLinkTool`` reports.
  func run(in context: CommandContext) throws
}

extension ParsedCommand {
  static var takesKeep: Bool { false }
  static var isQuietable: Bool { true }
}
