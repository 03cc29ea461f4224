import DeepLinkRoutes
import DeepLinkWire

@testable import DeepLinkCommand

/// A delivery that records the links it is given and answers as an app at the root would: for
/// tests of the protocol and the tools without a socket (the end-to-end tests use the real app).
final class RecordingDelivery: McpTarget, @unchecked Sendable {
  private(set) var links: [Link] = []
  var failure: ClientFailure?
  var acknowledges = true

  func open(_ link: Link) throws(ClientFailure) -> LinkOutcome {
    if let failure { throw failure }
    links.append(link)
    guard acknowledges else { return .delivered(report: "delivered \(link.route.name)") }
    return .applied(
      state: .object([
        ("path", .array([.object([("destination", .string(link.route.name))])])),
        ("overrides", .emptyObject),
        ("screen", .string("screen of \(link.route.name)\n")),
      ]))
  }

  func state() throws(ClientFailure) -> JSON {
    if let failure { throw failure }
    return .object([("path", .array([])), ("overrides", .emptyObject), ("screen", .string("root\n"))])
  }

  func screen() throws(ClientFailure) -> String {
    if let failure { throw failure }
    return "root\n"
  }

  var takesScreenshots = false
  var offersLaunch = false
  /// The launches asked for, in order.
  private(set) var launches: [SimulatorLaunch] = []
  /// The steps each launch reports as its progress.
  var steps: [SimulatorLaunch.Step] = []

  /// Records `launch` and answers as `--dry-run` would, with the link it would send.
  func launch(_ launch: SimulatorLaunch, progress: ((SimulatorLaunch.Step) -> Void)?) throws
    -> SimulatorLaunch.Outcome
  {
    guard offersLaunch else { throw McpTargetLaunch.unavailable(target: .app, tool: .deeplink) }
    if let failure { throw failure }
    launches.append(launch)
    for step in steps { progress?(step) }
    return .planned(["launch"] + (launch.link.map { [RouteTable.recipeSample.url(for: $0)] } ?? []))
  }

  func screenshot() throws(ClientFailure) -> McpScreenshot {
    if let failure { throw failure }
    return McpScreenshot(png: [0x89, 0x50, 0x4E, 0x47], note: nil)
  }
}

/// A session over `table` whose handshake is done.
func initializedSession(
  _ table: RouteTable = .recipeSample, delivery: RecordingDelivery = RecordingDelivery()
) -> McpSession {
  var session = McpSession(toolbox: McpServedTools(table: table, tool: .deeplink, delivery: delivery))
  _ = session.replies(to: [
    line(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}"#)
  ])
  _ = session.replies(to: [line(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)])
  return session
}

func line(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

/// The one response to `request`, parsed.
func respond(_ session: inout McpSession, _ request: String) throws -> JSON {
  let replies = session.replies(to: [line(request)])
  guard replies.count == 1 else { throw UnexpectedReplies(replies: replies) }
  return replies[0]
}

struct UnexpectedReplies: Error {
  let replies: [JSON]
}

/// A `tools/call` request line.
func call(_ tool: String, _ arguments: String = "{}", id: Int = 1) -> String {
  #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#
}
