import DeepLinkRoutes
import DeepLinkWire

extension DeepLinkTool {
  /// The longest message `deeplink mcp` reads: 1 MiB, far beyond any tool call (a link's
  /// request is at most 64 KiB) and small enough that a runaway client costs little.
  static let maximumMcpLineLength = 1 << 20

  /// `deeplink mcp`: answers MCP messages on standard input, one per line, on standard output,
  /// until the input ends (then returns: exit 0). Nothing but protocol messages goes to
  /// standard output.
  ///
  /// - Throws: ``ClientFailure/output(_:)`` when standard output cannot be written, and
  ///   ``ClientFailure/input(_:)`` when standard input cannot be read.
  func serveMcp(_ options: GlobalOptions) throws(ClientFailure) {
    let delivery = TargetDelivery(tool: self, options: options, target: try target(options))
    let toolbox = McpToolbox(table: table, delivery: delivery)
    var session = McpSession(toolbox: toolbox)
    var reader = McpLineReader(maximumLength: Self.maximumMcpLineLength)
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count: Int
      do {
        count = try StreamReader.read(from: 0, into: &chunk)
      } catch {
        throw .input(error)
      }
      let lines = count == 0 ? reader.finish().map { [$0] } ?? [] : reader.lines(in: chunk[..<count])
      try answer(lines, in: &session)
      if count == 0 { return }
    }
  }

  /// Answers `lines`, received together, and writes the answers in one write.
  private func answer(_ lines: [McpLineReader.Line], in session: inout McpSession) throws(ClientFailure) {
    var output: [String] = []
    var messages: [ArraySlice<UInt8>] = []
    for line in lines {
      switch line {
      case .message(let bytes):
        messages.append(bytes)
      case .tooLong:
        output += session.replies(to: messages)
        messages = []
        output.append(
          JSONRPCMessage.response(
            id: .null,
            error: .invalidRequest(
              "the message is longer than \(Self.maximumMcpLineLength) bytes; it was dropped")))
      }
    }
    output += session.replies(to: messages)
    guard !output.isEmpty else { return }
    try write(output.map { $0 + "\n" }.joined())
  }
}

/// The target of every other command (`--target`, `DEEPLINK_TARGET`, else the app), reached
/// through the same functions as `deeplink <route>`, `state` and `screen`.
struct TargetDelivery: LinkDelivery {
  let tool: DeepLinkTool
  let options: GlobalOptions
  let target: DeliveryTarget

  var acknowledges: Bool { target == .app && !options.dryRun }

  func open(_ link: Link) throws(ClientFailure) -> LinkOutcome {
    let url = tool.table.url(for: link)
    if options.dryRun {
      return .delivered(
        report: "would run: "
          + tool.plannedCommands([url], to: target, options: options).joined(separator: "; "))
    }
    guard target == .app else {
      let runner = tool.toolRunner(options)
      let device = try tool.resolve(target, runner: runner)
      try tool.deliver(url, to: device, runner: runner, options: options)
      return .delivered(
        report: "delivered \(url) to \(device.description); the app cannot acknowledge it without the "
          + "deeplink agent, so no screen follows")
    }
    let reply = try tool.send(link, options: options)
    guard let state = reply["state"] else {
      throw .badReply("the app acknowledged the link without its state")
    }
    return .applied(state: state)
  }

  func state() throws(ClientFailure) -> JSON {
    try tool.requireApp(for: .state, options)
    return try tool.requestState(options)
  }

  func screen() throws(ClientFailure) -> String {
    try tool.requireApp(for: .screen, options)
    return try tool.requestScreen(options)
  }
}
