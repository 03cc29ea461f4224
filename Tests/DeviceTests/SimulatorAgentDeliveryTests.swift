import DeepLinkWire
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--target simulator --bundle-id ID` with the app's agent answering: the stand-in
/// `simctl launch` starts a real `deeplink-app` as CoreSimulator starts an app
/// (`SIMULATOR_UDID`, the app's identity), and links, `state`, `screen`, `batch` and `mcp`
/// get what the app target gives.
@Suite("Simulator apps' agents")
struct SimulatorAgentDeliveryTests {
  static let recipes = "com.example.Recipes"
  static let beta = "com.example.Recipes.Beta"

  /// A world of `count` booted simulators with fresh UDIDs, and two installed apps, both played
  /// by `deeplink-app`.
  static func world(simulators count: Int = 1) throws -> (world: StandInDevices, udids: [String]) {
    var world = try StandInDevices(
      apps: [recipes: Command.product("deeplink-app"), beta: Command.product("deeplink-app")])
    let (file, udids) = try StandInDevices.freshSimulators(count, in: world.directory)
    world.environment["STANDIN_SIMULATORS"] = file
    return (world, udids)
  }

  /// `xcrun simctl launch <udid> <bundle>` run by hand, then waits until its agent answers.
  static func launch(_ bundleID: String, on udid: String, in world: StandInDevices) throws {
    let launched = try world.xcrun("simctl", "launch", udid, bundleID)
    try #require(launched.status == 0, "\(launched)")
    let pid = try #require(world.launchedPID(udid: udid, bundleID: bundleID))
    #expect(launched.stdout == "\(bundleID): \(pid)\n")
    let wait = try Command.deeplink(
      "wait", "--socket", SimulatorSocket.path(udid: udid, bundleID: bundleID), "--timeout",
      Patience.timeoutArgument)
    try #require(wait.status == 0, "\(wait)")
  }

  @Test func aLinkToTheAppsAgentIsAcknowledgedWithTheScreenAndRunsNoXcrun() throws {
    let (world, udids) = try Self.world()
    defer { world.remove() }
    try Self.launch(Self.recipes, on: udids[0], in: world)
    let before = world.invocations().count
    let result = try world.deeplink(
      "--target", "simulator:" + udids[0], "--bundle-id", Self.recipes, "recipe", "--id", "42")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("Spaghetti Bolognese"), "\(result)")
    #expect(!result.stdout.contains("delivered"), "\(result)")
    #expect(world.invocations().count == before, "no xcrun ran: \(world.invocations())")
    #expect(world.openedOnSimulator() == [])

    let json = try world.deeplink(
      "--target", "simulator:" + udids[0], "--bundle-id", Self.recipes, "recipe-edit", "--id", "7", "--json")
    #expect(json.status == 0, "\(json)")
    let state = try JSON.parse(json.stdout)
    #expect(state["applied"]?.stringValue == "debug://recipe-edit?id=7")
    #expect(state["path"]?.arrayValue?.count == 2)

    let quiet = try world.deeplink(
      "--target", "simulator:" + udids[0], "--bundle-id", Self.recipes, "settings", "--quiet")
    #expect(quiet.status == 0 && quiet.stdout.isEmpty, "\(quiet)")
    let screen = try world.deeplink(
      "--target", "simulator:" + udids[0], "--bundle-id", Self.recipes, "screen")
    #expect(screen.status == 0 && screen.stdout.contains("Settings"), "\(screen)")
    let stateCommand = try world.deeplink(
      "--target", "simulator:" + udids[0], "--bundle-id", Self.recipes, "state", "--json")
    #expect(stateCommand.status == 0, "\(stateCommand)")
    #expect(try JSON.parse(stateCommand.stdout)["path"]?.serialized == #"[{"destination":"settings"}]"#)
    #expect(world.invocations().count == before, "no xcrun ran: \(world.invocations())")
  }

  @Test func twoAppsOnTwoSimulatorsEachGetTheirOwnLinks() throws {
    let (world, udids) = try Self.world(simulators: 2)
    defer { world.remove() }
    let pairs = udids.flatMap { udid in [Self.recipes, Self.beta].map { (udid, $0) } }
    for (udid, bundle) in pairs { try Self.launch(bundle, on: udid, in: world) }
    for (index, (udid, bundle)) in pairs.enumerated() {
      let result = try world.deeplink(
        "--target", "simulator:" + udid, "--bundle-id", bundle, "recipe", "--id", String(index + 1), "--quiet"
      )
      #expect(result.status == 0, "\(result)")
    }
    for (index, (udid, bundle)) in pairs.enumerated() {
      let state = try world.deeplink(
        "--target", "simulator:" + udid, "--bundle-id", bundle, "state", "--json")
      #expect(
        try JSON.parse(state.stdout)["path"]?.serialized == #"[{"destination":"recipe","id":\#(index + 1)}]"#)
    }
  }

  @Test func withoutABundleIDTheOneAgentOnTheSimulatorGetsTheLink() throws {
    let (world, udids) = try Self.world(simulators: 2)
    defer { world.remove() }
    try Self.launch(Self.recipes, on: udids[0], in: world)
    try Self.launch(Self.beta, on: udids[1], in: world)
    let result = try world.deeplink("--target", "simulator:iPhone 15", "recipe", "--id", "42", "--json")
    #expect(result.status == 0, "\(result)")
    #expect(try JSON.parse(result.stdout)["applied"]?.stringValue == "debug://recipe?id=42")
    let beta = try world.deeplink("--target", "simulator:" + udids[1], "state", "--json")
    #expect(try JSON.parse(beta.stdout)["path"]?.serialized == "[]", "the other simulator's app is untouched")
  }

  @Test func withoutABundleIDSeveralAgentsOnTheSimulatorExit64ListingEach() throws {
    let (world, udids) = try Self.world()
    defer { world.remove() }
    try Self.launch(Self.recipes, on: udids[0], in: world)
    try Self.launch(Self.beta, on: udids[0], in: world)
    let result = try world.deeplink("--target", "simulator", "settings")
    #expect(result.status == 64, "\(result)")
    #expect(
      result.stderr.contains("2 apps' deeplink agents answer on simulator \(udids[0]); choose one:"),
      "\(result)")
    #expect(
      result.stderr.contains(
        "\(Self.recipes)       --target simulator:\(udids[0]) --bundle-id \(Self.recipes)\n"), "\(result)")
    #expect(
      result.stderr.contains("\(Self.beta)  --target simulator:\(udids[0]) --bundle-id \(Self.beta)\n"),
      "\(result)")
    #expect(world.openedOnSimulator() == [])
  }

  @Test func noAgentAnsweringTheLinkGoesThroughSimctlUnacknowledged() throws {
    let (world, udids) = try Self.world()
    defer { world.remove() }
    let result = try world.deeplink(
      "--target", "simulator:" + udids[0], "--bundle-id", Self.recipes, "settings")
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout.contains(
        "delivered debug://settings to simulator iPhone 15 (iOS 17.2) \(udids[0]); not acknowledged"),
      "\(result)")
    #expect(result.stdout.contains("embed DeepLinkAgent"), "\(result)")
    #expect(world.openedOnSimulator() == ["debug://settings"])
  }

  @Test func theBundleIDComesFromTheEnvironmentAndFromTheRoutesFile() throws {
    let (world, udids) = try Self.world()
    defer { world.remove() }
    try Self.launch(Self.beta, on: udids[0], in: world)
    try Self.launch(Self.recipes, on: udids[0], in: world)
    let fromEnvironment = try world.deeplink(
      "--target", "simulator:" + udids[0], "recipe", "--id", "3", "--quiet",
      environment: ["DEEPLINK_BUNDLE_ID": Self.beta])
    #expect(fromEnvironment.status == 0, "\(fromEnvironment)")
    let exported = try world.deeplink("routes", "--json")
    var file = try JSON.parse(exported.stdout)
    guard case .object(var members) = file else { Issue.record("no object"); return }
    members.append(JSON.Member("ios", .object([("bundleId", .string(Self.recipes))])))
    file = .object(members)
    let routes = world.directory.file("deeplink.routes.json")
    try file.pretty.write(toFile: routes, atomically: true, encoding: .utf8)
    let fromFile = try world.deeplink(
      "--routes", routes, "--target", "simulator:" + udids[0], "recipe", "--id", "4", "--quiet")
    #expect(fromFile.status == 0, "\(fromFile)")
    let reexported = try world.deeplink("--routes", routes, "routes", "--json")
    #expect(try JSON.parse(reexported.stdout)["ios"]?["bundleId"]?.stringValue == Self.recipes)
    for (bundle, id) in [(Self.beta, 3), (Self.recipes, 4)] {
      let state = try world.deeplink(
        "--target", "simulator:" + udids[0], "--bundle-id", bundle, "state", "--json")
      #expect(try JSON.parse(state.stdout)["path"]?.serialized == #"[{"destination":"recipe","id":\#(id)}]"#)
    }
  }

  @Test func anAgentThatDoesNotAnswerInTimeIs75() throws {
    let (world, udids) = try Self.world()
    defer { world.remove() }
    try Self.launch(Self.recipes, on: udids[0], in: world)
    let pid = try #require(world.launchedPID(udid: udids[0], bundleID: Self.recipes))
    kill(pid, SIGSTOP)
    defer { kill(pid, SIGCONT) }
    let result = try world.deeplink(
      "--target", "simulator:" + udids[0], "--bundle-id", Self.recipes, "settings", "--timeout", "0.5")
    #expect(result.status == 75, "\(result)")
  }

  @Test func aLinkTheAppRefusesIs65() throws {
    let (world, udids) = try Self.world()
    defer { world.remove() }
    try Self.launch(Self.recipes, on: udids[0], in: world)
    // A routes file with one route more than the app's table: the app refuses that link.
    let exported = try JSON.parse(try world.deeplink("routes", "--json").stdout)
    guard case .object(var members) = exported, case .array(var routes)? = exported["routes"] else {
      Issue.record("routes --json is no object with routes")
      return
    }
    routes.append(.object([("name", .string("nowhere")), ("summary", .string("A screen the app lacks"))]))
    members = members.map { $0.key == "routes" ? JSON.Member("routes", .array(routes)) : $0 }
    let file = world.directory.file("more.routes.json")
    try JSON.object(members).pretty.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try world.deeplink(
      "--routes", file, "--target", "simulator:" + udids[0], "--bundle-id", Self.recipes, "nowhere")
    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains("the app rejected the link"), "\(result)")
  }

  @Test func batchAndMcpGoToTheAgentToo() throws {
    let (world, udids) = try Self.world()
    defer { world.remove() }
    try Self.launch(Self.recipes, on: udids[0], in: world)
    let options = ["--target", "simulator:" + udids[0], "--bundle-id", Self.recipes]
    let batch = try world.deeplink(["batch"] + options, input: "settings\nrecipe --id 42\n")
    #expect(batch.status == 0, "\(batch)")
    #expect(batch.stdout.contains("Spaghetti Bolognese"), "\(batch)")
    let input =
      [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"recipe","arguments":{"id":42}}}"#,
      ].joined(separator: "\n") + "\n"
    let mcp = try world.deeplink(["mcp"] + options, input: input)
    #expect(mcp.status == 0, "\(mcp)")
    let reply = try JSON.parse(String(mcp.stdout.split(separator: "\n")[1]))
    #expect(
      reply["result"]?["structuredContent"]?["path"]?.serialized == #"[{"destination":"recipe","id":42}]"#,
      "\(mcp)")
    let state = try world.deeplink(["state", "--json"] + options)
    #expect(
      try JSON.parse(state.stdout)["path"]?.serialized == #"[{"destination":"recipe","id":42}]"#, "\(state)")
  }

  @Test func aBundleIDWithTheAppTargetOrOneThatIsNotABundleIDIs64BeforeAnyToolRuns() throws {
    let (world, udids) = try Self.world()
    defer { world.remove() }
    let app = try world.deeplink("--bundle-id", Self.recipes, "settings")
    #expect(app.status == 64, "\(app)")
    #expect(app.stderr.contains("--bundle-id goes with a simulator or device target"), "\(app)")
    for bad in ["", "com example", "com/example", "com..example", "com.example\n", "com.exampl\u{e9}"] {
      let result = try world.deeplink("--target", "simulator:" + udids[0], "--bundle-id=" + bad, "settings")
      #expect(result.status == 64, "\(result)")
      #expect(result.stderr.contains("--bundle-id"), "\(result)")
    }
    let environment = try world.deeplink(
      "--target", "simulator:" + udids[0], "settings", environment: ["DEEPLINK_BUNDLE_ID": "a/b"])
    #expect(environment.status == 64, "\(environment)")
    #expect(world.invocations() == [], "no tool ran: \(world.invocations())")
  }

  @Test func anAgentThatDiedLeavesAStaleSocketAndTheLinkGoesThroughSimctl() throws {
    let (world, udids) = try Self.world()
    defer { world.remove() }
    try Self.launch(Self.recipes, on: udids[0], in: world)
    let pid = try #require(world.launchedPID(udid: udids[0], bundleID: Self.recipes))
    kill(pid, SIGKILL)
    #expect(StandInDevices.waitUntilGone(pid))
    let socket = SimulatorSocket.path(udid: udids[0], bundleID: Self.recipes)
    #expect(FileManager.default.fileExists(atPath: socket), "kill -9 leaves the socket file")
    let result = try world.deeplink(
      "--target", "simulator:" + udids[0], "--bundle-id", Self.recipes, "settings")
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("not acknowledged"), "\(result)")
    #expect(world.openedOnSimulator() == ["debug://settings"])
  }

  @Test func aFileInTheWayOfTheAppsSocketIs69() throws {
    let (world, udids) = try Self.world()
    defer { world.remove() }
    let socket = SimulatorSocket.path(udid: udids[0], bundleID: Self.recipes)
    try FileManager.default.createDirectory(
      atPath: SimulatorSocket.directory(), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    #expect(FileManager.default.createFile(atPath: socket, contents: Data("not a socket".utf8)))
    defer { try? FileManager.default.removeItem(atPath: socket) }
    let result = try world.deeplink(
      "--target", "simulator:" + udids[0], "--bundle-id", Self.recipes, "settings")
    #expect(result.status == 69, "\(result)")
    #expect(result.stderr.contains(socket), "\(result)")
    #expect(world.openedOnSimulator() == [], "nothing delivered past a file in the way")
  }

  @Test func anotherAgentOnTheAppsSocketIs69NamingWhatAnswers() throws {
    let (world, udids) = try Self.world()
    defer { world.remove() }
    let socket = SimulatorSocket.path(udid: udids[0], bundleID: Self.recipes)
    // Another app's agent told to listen there, and a plain agent: neither is the app asked for.
    let beta = try RunningApp.startOnSimulator(
      udid: udids[0], bundleID: Self.beta, socket: socket, arguments: ["--socket", socket])
    let fromBeta = try world.deeplink(
      "--target", "simulator:" + udids[0], "--bundle-id", Self.recipes, "settings")
    beta.stop()
    #expect(fromBeta.status == 69, "\(fromBeta)")
    #expect(
      fromBeta.stderr.contains(
        "the agent answering on \(socket), the socket of \(Self.recipes) on simulator \(udids[0]), is "
          + "\(Self.beta) on simulator \(udids[0])"), "\(fromBeta)")
    let plain = try RunningApp.start(socket: socket)
    defer { plain.stop() }
    let fromPlain = try world.deeplink(
      "--target", "simulator:" + udids[0], "--bundle-id", Self.recipes, "settings")
    #expect(fromPlain.status == 69, "\(fromPlain)")
    #expect(fromPlain.stderr.contains("is no simulator app's (its ping names no bundle id)"), "\(fromPlain)")
    #expect(world.openedOnSimulator() == [])
  }
}
