import DeepLinkWire
import Foundation
import TestSupport
import Testing

@testable import DeepLinkCommand

/// `launch --env NAME=VALUE` and `--arg VALUE`: what is refused before any tool runs, the
/// `simctl launch` line, and what the stand-in `simctl` (run through the real child-process
/// code) and the app it starts receive.
@Suite("Launch arguments and environment")
struct LaunchInputTests {
  @Test(arguments: [
    ("API_URL=http://localhost:8080/a=b", "API_URL", "http://localhost:8080/a=b"),
    ("_x1=", "_x1", ""),
    ("Mode=dark mode\nline two", "Mode", "dark mode\nline two"),
    ("LANG=fr_FR.UTF-8", "LANG", "fr_FR.UTF-8"),
  ])
  func aPortableAssignmentIsAVariable(_ text: String, _ name: String, _ value: String) throws {
    let variable = try LaunchVariable.parse(text)
    #expect(variable.name == name && variable.value == value)
    #expect(variable.childAssignment == "SIMCTL_CHILD_" + name + "=" + value)
  }

  @Test(arguments: [
    ("API_URL", LaunchInputError.notAnAssignment("API_URL"), "--env expects NAME=VALUE, got 'API_URL'"),
    ("=x", .badName(assignment: "=x", name: ""), "the name is empty"),
    ("1X=y", .badName(assignment: "1X=y", name: "1X"), "'1X' is not a variable name"),
    ("A-B=y", .badName(assignment: "A-B=y", name: "A-B"), "'A-B' is not a variable name"),
    ("É=y", .badName(assignment: "É=y", name: "É"), "a letter or '_', then letters, digits or '_'"),
    ("A B=y", .badName(assignment: "A B=y", name: "A B"), "'A B' is not a variable name"),
    ("A=x\u{0}y", .nulInValue(name: "A"), "--env A: the value holds a NUL byte"),
  ])
  func anythingElseIsAUsageError(_ text: String, _ expected: LaunchInputError, _ words: String) {
    #expect {
      try LaunchVariable.parse(text)
    } throws: { error in
      guard let error = error as? LaunchInputError else { return false }
      #expect(error == expected)
      #expect(error.message.contains(words), "\(error.message)")
      #expect(error.exitCode == .usage && error.exitCode.rawValue == 64)
      #expect(error.hint.contains("--env NAME=VALUE"))
      return true
    }
  }

  @Test func anArgumentWithANulIsAUsageError() throws {
    try LaunchVariable.checkArgument("-AppleLanguages", index: 1)
    try LaunchVariable.checkArgument("", index: 2)
    #expect(throws: LaunchInputError.nulInArgument(index: 3)) {
      try LaunchVariable.checkArgument("a\u{0}b", index: 3)
    }
  }

  @Test func theLaunchLinePutsTheArgumentsAfterTheBundleID() {
    #expect(
      SimulatorCommands.launch(
        "com.example.App", udid: "U", relaunch: true, arguments: ["-AppleLanguages", "(fr)"])
        == [
          "simctl", "launch", "--terminate-running-process", "U", "com.example.App", "-AppleLanguages",
          "(fr)",
        ])
    #expect(
      SimulatorCommands.launch("com.example.App", udid: "U", relaunch: false)
        == ["simctl", "launch", "U", "com.example.App"])
  }

  @Test func aNameGivenTwiceKeepsItsLastValue() throws {
    let variables = try ["A=1", "B=2", "A=3"].map(LaunchVariable.parse)
    #expect(SimulatorCommands.launchEnvironment(variables) == ["SIMCTL_CHILD_B=2", "SIMCTL_CHILD_A=3"])
  }

  /// An app FrontBoard does not know is named from the command line, not its last argument.
  @Test func aFailedLaunchNamesTheAppNotItsLastArgument() {
    let command = SimulatorCommands.launch("com.example.App", udid: "U", relaunch: false, arguments: ["-x"])
    let result = ChildProcess.Result(
      status: 4, standardOutput: [],
      standardError: Array(
        #"reason: NotFound ("Application "com.example.App" is unknown to FrontBoard")"#.utf8))
    let failure = SimulatorCommands.failure(
      of: result, command: command, scheme: "debug",
      device: SimulatorDevice(udid: "U", name: "", state: "Booted", runtime: "", isAvailable: true))
    #expect(
      failure?.message(for: .deeplink).contains("com.example.App on simulator U") == true,
      "\(failure?.message(for: .deeplink) ?? "")")
  }

  /// The real `ChildProcess` runs the stand-in `xcrun`, which records the arguments after the
  /// bundle id and the `SIMCTL_CHILD_` variables it got, and starts the app (a real
  /// `deeplink-app`) with each as `NAME=VALUE` in its environment.
  @Test func simctlAndTheAppGetTheArgumentsAndVariables() throws {
    let (world, udids) = try SimulatorAgentDeliveryTests.world()
    defer { world.remove() }
    let arguments = world.directory.file("launch-arguments")
    let variables = world.directory.file("launch-environment")
    var standIns = world.environment
    standIns["STANDIN_LAUNCH_ARGUMENTS"] = arguments
    standIns["STANDIN_LAUNCH_ENVIRONMENT"] = variables
    let runner = DeviceProgramRunner(
      path: world.environment["PATH"], deadline: .after(milliseconds: Patience.milliseconds),
      seconds: Patience.seconds)
    let bundleID = SimulatorAgentDeliveryTests.recipes
    let launched = try runner.run(
      .xcrun,
      SimulatorCommands.launch(
        bundleID, udid: udids[0], relaunch: false, arguments: ["-AppleLanguages", "(fr)", "", "two words"]),
      environment: SimulatorCommands.launchEnvironment(
        try ["API_URL=http://localhost:8080/?a=b", "EMPTY=", "MULTI=one\ntwo"].map(LaunchVariable.parse))
        + standIns.map { $0.key + "=" + $0.value })
    #expect(launched.status == 0, "\(launched.errorOutput)")
    #expect(Self.nulTerminated(arguments) == ["-AppleLanguages", "(fr)", "", "two words"])
    #expect(
      Set(Self.nulTerminated(variables)) == [
        "SIMCTL_CHILD_API_URL=http://localhost:8080/?a=b", "SIMCTL_CHILD_EMPTY=",
        "SIMCTL_CHILD_MULTI=one\ntwo",
      ])
    #if os(Linux)
      let pid = try #require(world.launchedPID(udid: udids[0], bundleID: bundleID))
      // The stand-in starts the app through `env`, which holds simctl's environment until it
      // has exec'd the app (slow under a sanitizer): read the app's, once it is the app.
      var environment = Set(Self.nulTerminated("/proc/\(pid)/environ"))
      let deadline = Date().addingTimeInterval(Patience.seconds)
      while !environment.contains("API_URL=http://localhost:8080/?a=b"), Date() < deadline {
        usleep(20_000)
        environment = Set(Self.nulTerminated("/proc/\(pid)/environ"))
      }
      #expect(environment.contains("API_URL=http://localhost:8080/?a=b"), "\(environment)")
      #expect(environment.contains("EMPTY="))
      #expect(environment.contains("MULTI=one\ntwo"))
    #endif
  }

  /// The strings of a file of NUL-terminated strings.
  static func nulTerminated(_ path: String) -> [String] {
    guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return [] }
    return data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
      String(decoding: $0, as: UTF8.self)
    }
  }
}
