import DeepLinkWire
import Foundation
import TestSupport
import Testing

/// The `launch` tool of `deeplink mcp --target simulator`: the stand-in `simctl launch` starts
/// a real `deeplink-app` as the simulator's launchd would, with the tool's arguments and
/// environment; its agent, answering after the session started, then serves the session.
@Suite("deeplink mcp: the launch tool")
struct McpLaunchToolDeviceTests {
  typealias Delivery = SimulatorAgentDeliveryTests

  static func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  static func call(_ id: Int, _ tool: String, _ arguments: String) -> String {
    request(id, "tools/call", #"{"name":"\#(tool)","arguments":\#(arguments)}"#)
  }

  /// `deeplink mcp ARGUMENTS` answering `lines` after the handshake; its output lines, parsed.
  static func session(_ arguments: [String], _ lines: [String], world: StandInDevices) throws -> (
    replies: [JSON], result: CommandResult
  ) {
    let handshake = [
      request(
        0, "initialize",
        #"{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}"#),
      #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    ]
    let result = try world.deeplink(
      ["mcp"] + arguments, input: (handshake + lines).map { $0 + "\n" }.joined(),
      environment: ["XDG_CACHE_HOME": world.directory.file("cache")])
    return (try result.stdout.split(separator: "\n").map { try JSON.parse(String($0)) }, result)
  }

  static func names(_ reply: JSON) -> [String] {
    reply["result"]?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
  }

  static func text(_ reply: JSON) -> String {
    reply["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
  }

  @Test func launchWithVariablesArgumentsAndARouteReachesTheStateAndTheAgentThenServesTheSession() throws {
    var (world, udids) = try Delivery.world()
    defer { world.remove() }
    let arguments = world.directory.file("launch-arguments")
    let variables = world.directory.file("launch-environment")
    world.environment["STANDIN_LAUNCH_ARGUMENTS"] = arguments
    world.environment["STANDIN_LAUNCH_ENVIRONMENT"] = variables
    let (replies, result) = try Self.session(
      ["--target", "simulator:" + udids[0], "--bundle-id", Delivery.recipes],
      [
        Self.request(1, "tools/list"),
        Self.call(
          2, "launch",
          #"{"env":["API_URL=http://localhost:8080/?a=b"],"args":["-AppleLanguages","(fr)"],"route":"recipe","arguments":{"id":42}}"#
        ),
        Self.request(3, "tools/list"),
        Self.call(4, "state", "{}"),
      ], world: world)
    #expect(result.status == 0, "\(result)")
    // Before the app runs: links would go through simctl, so no state or screen; launch is offered.
    let before = Self.names(replies[1])
    #expect(before.contains("launch") && !before.contains("state"), "\(before)")
    let launched = replies[2]["result"]
    #expect(launched?["isError"] == .bool(false), "\(replies[2])")
    #expect(Self.text(replies[2]).contains("Spaghetti Bolognese"), "\(replies[2])")
    #expect(launched?["structuredContent"]?["path"]?.serialized == #"[{"destination":"recipe","id":42}]"#)
    #expect(LaunchInputTests.nulTerminated(arguments) == ["-AppleLanguages", "(fr)"])
    #expect(LaunchInputTests.nulTerminated(variables) == ["SIMCTL_CHILD_API_URL=http://localhost:8080/?a=b"])
    // The agent that answers now serves the session: announced, then state and screen.
    #expect(
      replies[3].serialized == #"{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}"#, "\(replies)"
    )
    let after = Self.names(replies[4])
    #expect(after.contains("state") && after.contains("launch"), "\(after)")
    #expect(
      replies[5]["result"]?["structuredContent"]?["path"]?.serialized
        == #"[{"destination":"recipe","id":42}]"#)
    #expect(
      world.invocations().filter { $0.count > 2 && $0[2] == "launch" }.count == 1, "\(world.invocations())")
  }

  /// A call carrying a progress token hears of each step as it ends, before the result.
  @Test func aLaunchWithAProgressTokenReportsEachStepBeforeItsResult() throws {
    let (world, udids) = try Delivery.world()
    defer { world.remove() }
    let (replies, result) = try Self.session(
      ["--target", "simulator:" + udids[0], "--bundle-id", Delivery.recipes],
      [
        Self.request(
          1, "tools/call",
          #"{"name":"launch","arguments":{"route":"recipe","arguments":{"id":42}},"_meta":{"progressToken":"go"}}"#
        )
      ], world: world)
    #expect(result.status == 0, "\(result)")
    let progress = replies.filter { $0["method"] == .string("notifications/progress") }
    #expect(progress.map { $0["params"]?["progress"] } == [.int(1), .int(2), .int(3), .int(4)], "\(replies)")
    #expect(
      progress.allSatisfy {
        $0["params"]?["progressToken"] == .string("go") && $0["params"]?["total"] == .int(4)
      })
    let messages = progress.compactMap { $0["params"]?["message"]?.stringValue }
    #expect(messages.first == "simulator \(udids[0]) booted", "\(messages)")
    #expect(
      messages.dropFirst().first?.hasPrefix("\(Delivery.recipes) launched (pid ") == true, "\(messages)")
    #expect(messages.dropFirst(2).first == "\(Delivery.recipes)'s agent answers", "\(messages)")
    #expect(messages.last == "debug://recipe?id=42 applied", "\(messages)")
    #expect(replies.last?["id"] == .int(1), "the response comes after every step")
    #expect(Self.text(replies.last ?? .null).contains("Spaghetti Bolognese"))
  }

  @Test func badInputIsAToolErrorAndRunsNothingAndADryRunSaysWhatItWouldRun() throws {
    let (world, udids) = try Delivery.world()
    defer { world.remove() }
    let target = ["--target", "simulator:" + udids[0], "--bundle-id", Delivery.recipes]
    let (replies, result) = try Self.session(
      target,
      [
        Self.call(1, "launch", #"{"env":["1X=y"]}"#),
        Self.call(2, "launch", #"{"route":"recipee"}"#),
        Self.call(3, "launch", #"{"route":"recipe","arguments":{"id":"abc"}}"#),
      ], world: world)
    #expect(result.status == 0, "\(result)")
    #expect(replies.dropFirst().allSatisfy { $0["result"]?["isError"] == .bool(true) }, "\(replies)")
    #expect(Self.text(replies[1]).contains("'1X' is not a variable name"))
    #expect(Self.text(replies[2]).contains("unknown route 'recipee' — did you mean 'recipe'?"))
    #expect(Self.text(replies[3]).contains("--id expects an integer, got 'abc'"))
    #expect(world.invocations() == [], "nothing ran: \(world.invocations())")

    let (planned, _) = try Self.session(
      target + ["--dry-run"],
      [Self.call(1, "launch", #"{"relaunch":true,"env":["A=b c"],"args":["-x"],"route":"settings"}"#)],
      world: world)
    #expect(
      Self.text(planned[1])
        == "would run: SIMCTL_CHILD_A='b c' xcrun simctl launch --terminate-running-process \(udids[0]) \(Delivery.recipes) -x; "
        + "then send debug://settings to \(Delivery.recipes)'s agent and wait for its acknowledgement",
      "\(planned)")
    #expect(world.invocations() == [], "a dry run runs nothing: \(world.invocations())")

    // On the app target, the tool is not offered, and a call says which targets offer it.
    let (app, _) = try Self.session(
      ["--socket", world.directory.file("none.sock")],
      [Self.request(1, "tools/list"), Self.call(2, "launch", "{}")], world: world)
    #expect(!Self.names(app[1]).contains("launch"))
    #expect(Self.text(app[2]).contains("needs a simulator target and the app's bundle id"), "\(app)")
  }
}
