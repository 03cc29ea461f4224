import DeepLinkWire
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `wait`, `launch`, `targets` and completion's live values with a simulator app's agent: the
/// stand-in `simctl launch` starts a real `deeplink-app` as the simulator's launchd would.
@Suite("Simulator apps: wait, launch, targets, completion")
struct SimulatorAgentLaunchTests {
  typealias Delivery = SimulatorAgentDeliveryTests

  @Test func waitReturnsOnceTheAppsAgentAnswersAColdStart() throws {
    let (world, udids) = try Delivery.world()
    defer { world.remove() }
    // `deeplink wait` first, the app launched while it waits.
    let waiting = Process()
    waiting.executableURL = URL(fileURLWithPath: Command.product("deeplink"))
    waiting.arguments = [
      "wait", "--target", "simulator:" + udids[0], "--bundle-id", Delivery.recipes, "--timeout",
      Patience.timeoutArgument,
    ]
    waiting.environment = ProcessInfo.processInfo.environment.merging(world.environment) { $1 }
    let output = Pipe()
    waiting.standardOutput = output
    try waiting.run()
    defer { if waiting.isRunning { waiting.terminate() } }
    let launched = try world.xcrun("simctl", "launch", udids[0], Delivery.recipes)
    try #require(launched.status == 0, "\(launched)")
    waiting.waitForExit()
    let pid = try #require(world.launchedPID(udid: udids[0], bundleID: Delivery.recipes))
    #expect(waiting.terminationStatus == 0)
    let socket = SimulatorSocket.path(udid: udids[0], bundleID: Delivery.recipes)
    #expect(
      String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        == "\(Delivery.recipes) answers on simulator \(udids[0]) (pid \(pid)) at \(socket)\n")
  }

  @Test func waitForAnAgentThatNeverComesIs75AndRunsNoXcrunWithAUDID() throws {
    let (world, udids) = try Delivery.world()
    defer { world.remove() }
    let result = try world.deeplink(
      "wait", "--target", "simulator:" + udids[0], "--bundle-id", Delivery.recipes, "--timeout", "0.3")
    #expect(result.status == 75, "\(result)")
    #expect(
      result.stderr.contains(SimulatorSocket.path(udid: udids[0], bundleID: Delivery.recipes)), "\(result)")
    #expect(world.invocations() == [], "\(world.invocations())")
  }

  @Test func launchStartsTheAppWaitsForItsAgentAndRelaunchStartsAfresh() throws {
    let (world, udids) = try Delivery.world()
    defer { world.remove() }
    let options = ["--target", "simulator:" + udids[0], "--bundle-id", Delivery.recipes]
    let first = try world.deeplink(["launch", "--json"] + options)
    #expect(first.status == 0, "\(first)")
    let pid = try #require(world.launchedPID(udid: udids[0], bundleID: Delivery.recipes))
    let reached = try JSON.parse(first.stdout)
    #expect(reached["pid"] == .int(Int(pid)), "\(first)")
    #expect(reached["bundleId"]?.stringValue == Delivery.recipes)
    #expect(reached["simulatorUdid"]?.stringValue == udids[0])
    #expect(
      reached["socket"]?.stringValue == SimulatorSocket.path(udid: udids[0], bundleID: Delivery.recipes))
    #expect(world.invocations().last == ["xcrun", "simctl", "launch", udids[0], Delivery.recipes])

    #expect(try world.deeplink(options + ["recipe", "--id", "42", "--quiet"]).status == 0)
    let again = try world.deeplink(["launch"] + options)
    #expect(again.status == 0 && again.stdout.contains("(pid \(pid))"), "the same process: \(again)")
    #expect(
      try JSON.parse(try world.deeplink(options + ["state", "--json"]).stdout)["path"]?.arrayValue?.count == 1
    )

    let fresh = try world.deeplink(["launch", "--relaunch"] + options)
    #expect(fresh.status == 0, "\(fresh)")
    let newPID = try #require(world.launchedPID(udid: udids[0], bundleID: Delivery.recipes))
    #expect(newPID != pid)
    #expect(fresh.stdout.contains("(pid \(newPID))"), "\(fresh)")
    #expect(
      world.invocations().last == [
        "xcrun", "simctl", "launch", "--terminate-running-process", udids[0], Delivery.recipes,
      ])
    #expect(try JSON.parse(try world.deeplink(options + ["state", "--json"]).stdout)["path"] == .array([]))
  }

  /// `launch` with `--env`, `--arg` and a route: the stand-in simctl records what the app got,
  /// the real `deeplink-app` it starts has each variable, and the link is acknowledged.
  @Test func launchIntoAStateWithArgumentsAndVariables() throws {
    var (world, udids) = try Delivery.world()
    defer { world.remove() }
    let arguments = world.directory.file("launch-arguments")
    let variables = world.directory.file("launch-environment")
    world.environment["STANDIN_LAUNCH_ARGUMENTS"] = arguments
    world.environment["STANDIN_LAUNCH_ENVIRONMENT"] = variables
    let launched = try world.deeplink(
      "launch", "--target", "simulator:" + udids[0], "--bundle-id", Delivery.recipes, "--env",
      "API_URL=http://localhost:8080/?a=b", "--arg", "-AppleLanguages", "--env", "MULTI=one\ntwo", "--arg",
      "(fr)", "--json", "recipe", "--id", "42")
    #expect(launched.status == 0, "\(launched)")
    #expect(LaunchInputTests.nulTerminated(arguments) == ["-AppleLanguages", "(fr)"])
    #expect(
      Set(LaunchInputTests.nulTerminated(variables)) == [
        "SIMCTL_CHILD_API_URL=http://localhost:8080/?a=b", "SIMCTL_CHILD_MULTI=one\ntwo",
      ])
    // The state the acknowledgement carried, printed as a link prints it.
    let state = try JSON.parse(launched.stdout)
    #expect(state["path"]?.serialized == #"[{"destination":"recipe","id":42}]"#, "\(launched)")
    let options = ["--target", "simulator:" + udids[0], "--bundle-id", Delivery.recipes]
    let now = try world.deeplink(options + ["state", "--json"])
    #expect(try JSON.parse(now.stdout)["path"]?.serialized == #"[{"destination":"recipe","id":42}]"#)
    #if os(Linux)
      let pid = try #require(world.launchedPID(udid: udids[0], bundleID: Delivery.recipes))
      let environment = Set(LaunchInputTests.nulTerminated("/proc/\(pid)/environ"))
      #expect(environment.contains("API_URL=http://localhost:8080/?a=b"), "\(environment)")
      #expect(environment.contains("MULTI=one\ntwo"))
    #endif
    let screen = try world.deeplink(["launch", "--relaunch"] + options + ["recipe", "--id", "42"])
    #expect(screen.status == 0 && screen.stdout.contains("Spaghetti Bolognese"), "\(screen)")
    #expect(
      world.invocations().filter { $0.count > 2 && $0[2] == "launch" }.count == 2,
      "one xcrun line per launch: \(world.invocations())")
  }

  @Test func launchRefusesWhatItCannotDo() throws {
    let (world, udids) = try Delivery.world()
    defer { world.remove() }
    let notInstalled = try world.deeplink(
      "launch", "--target", "simulator:" + udids[0], "--bundle-id", "com.example.Absent")
    #expect(notInstalled.status == 69, "\(notInstalled)")
    #expect(notInstalled.stderr.contains("it is not installed there; install it"), "\(notInstalled)")
    #expect(
      notInstalled.stderr.contains("is unknown to FrontBoard"), "simctl's words follow: \(notInstalled)")
    let noBundle = try world.deeplink("launch", "--target", "simulator:" + udids[0])
    #expect(noBundle.status == 64, "\(noBundle)")
    #expect(noBundle.stderr.contains("launch needs the app's bundle id: --bundle-id ID"), "\(noBundle)")
    let app = try world.deeplink("launch", "--target", "app", "--bundle-id", Delivery.recipes)
    #expect(app.status == 64, "\(app)")
    #expect(app.stderr.contains("launch works with simulator targets"), "\(app)")
    let planned = try world.deeplink(
      "launch", "--relaunch", "--dry-run", "--target", "simulator:" + udids[0], "--bundle-id",
      Delivery.recipes)
    #expect(
      planned.stdout == "xcrun simctl launch --terminate-running-process \(udids[0]) \(Delivery.recipes)\n")
    #expect(
      world.invocations().count == 1,
      "only the launch that found nothing installed ran: \(world.invocations())")
  }

  @Test func targetsListsEachAppWhoseAgentAnswersOnABootedSimulator() throws {
    let (world, udids) = try Delivery.world(simulators: 2)
    defer { world.remove() }
    try Delivery.launch(Delivery.recipes, on: udids[0], in: world)
    try Delivery.launch(Delivery.beta, on: udids[1], in: world)
    let listed = try JSON.parse(try world.deeplink("targets", "--json").stdout).arrayValue ?? []
    let agents = listed.filter { $0["bundleId"] != nil }
    #expect(
      agents.map { [$0["target"]?.stringValue, $0["bundleId"]?.stringValue] }
        == [["simulator:" + udids[0], Delivery.recipes], ["simulator:" + udids[1], Delivery.beta]]
        .sorted { ($0[0] ?? "") < ($1[0] ?? "") }, "\(listed)")
    #expect(agents.allSatisfy { $0["acknowledges"] == .bool(true) })
    let text = try world.deeplink("targets").stdout
    #expect(text.contains("simulator:\(udids[0]) --bundle-id \(Delivery.recipes)"), "\(text)")
    #expect(text.contains("\(Delivery.recipes) (its agent acknowledges links)"), "\(text)")
  }

  @Test func completionTakesLiveValuesFromTheAgentTheEnvironmentNames() throws {
    let (world, udids) = try Delivery.world()
    defer { world.remove() }
    try Delivery.launch(Delivery.recipes, on: udids[0], in: world)
    let result = try world.deeplink(
      ["__complete", "values", "recipe", "id"],
      environment: [
        "DEEPLINK_TARGET": "simulator:" + udids[0], "DEEPLINK_BUNDLE_ID": Delivery.recipes,
        "DEEPLINK_COMPLETION_TIMEOUT_MS": String(Patience.milliseconds),
        "XDG_RUNTIME_DIR": world.directory.path,
      ])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    #expect(result.stdout.contains("\tChili $(Extra Hot)\n"), "\(result)")
  }

  @Test func keepFollowsTheAppAcrossRelaunchesAndRunsNoXcrun() throws {
    let (world, udids) = try Delivery.world()
    defer { world.remove() }
    let options = ["--target", "simulator:" + udids[0], "--bundle-id", Delivery.recipes]
    let keep = try WatchedProcess.start(
      Command.product("deeplink"), options + ["recipe", "--id", "42", "--keep"],
      environment: world.environment)
    defer { keep.stop() }
    // Started before the app: it waits for the app's agent.
    #expect(
      keep.waitUntil { _, stderr in stderr.contains("waiting for the app to listen") }, "\(keep.stderr)")
    #expect(try world.deeplink(["launch"] + options).status == 0)
    #expect(keep.waitUntil { stdout, _ in stdout.contains("Spaghetti Bolognese") }, "\(keep.stderr)")
    #expect(try world.deeplink(options + ["settings", "--quiet"]).status == 0)
    let relaunched = try world.deeplink(["launch", "--relaunch"] + options)
    #expect(relaunched.status == 0, "\(relaunched)")
    #expect(
      keep.waitUntil { stdout, _ in stdout.components(separatedBy: "Recipe #42 · 60 min").count == 3 },
      "\(keep.stdout)\(keep.stderr)")
    let state = try world.deeplink(options + ["state", "--json"])
    #expect(try JSON.parse(state.stdout)["path"]?.serialized == #"[{"destination":"recipe","id":42}]"#)
    #expect(keep.interrupt() == 0, "\(keep.stderr)")
    #expect(
      world.invocations().allSatisfy { $0.count > 2 && $0[2] == "launch" },
      "only the launches ran xcrun: \(world.invocations())")
  }

  /// A bundle id of 200 characters, whose data container (the app's `HOME` and `TMPDIR`) is
  /// longer still: the socket is named by a hash, so it fits `sun_path` on macOS (104 bytes).
  @Test func aBundleIDOf200CharactersIsReachedThroughTheCommandLine() throws {
    let long = "com.example." + String(repeating: "a", count: 184) + ".App"
    #expect(long.count == 200)
    var world = try StandInDevices(apps: [long: Command.product("deeplink-app")])
    defer { world.remove() }
    let (file, udids) = try StandInDevices.freshSimulators(1, in: world.directory)
    world.environment["STANDIN_SIMULATORS"] = file
    let options = ["--target", "simulator:" + udids[0], "--bundle-id", long]
    let launched = try world.deeplink(["launch", "--json"] + options)
    #expect(launched.status == 0, "\(launched)")
    let socket = SimulatorSocket.path(udid: udids[0], bundleID: long)
    #expect(socket.utf8.count < 104, "\(socket)")
    #expect(try JSON.parse(launched.stdout)["socket"]?.stringValue == socket, "\(launched)")
    let link = try world.deeplink(options + ["recipe", "--id", "42"])
    #expect(link.status == 0 && link.stdout.contains("Spaghetti Bolognese"), "\(link)")
    let pid = try #require(world.launchedPID(udid: udids[0], bundleID: long))
    let home =
      try String(contentsOfFile: "/proc/\(pid)/environ", encoding: .utf8)
      .split(separator: "\u{0}").first { $0.hasPrefix("HOME=") }.map { String($0.dropFirst(5)) } ?? ""
    #expect(home.utf8.count > 104 + long.count / 2, "a container path longer than sun_path: \(home)")
  }
}
