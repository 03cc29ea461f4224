import DeepLinkWire
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `deeplink-app` playing an app on the iOS Simulator: started as CoreSimulator starts an app
/// (`SIMULATOR_UDID` in its environment), with its bundle id, and no socket path given. Each
/// test uses simulators of its own (fresh UDIDs), so runs side by side never meet.
@Suite("The agent on a simulator")
struct SimulatorAgentTests {
  static func freshUDID() -> String { UUID().uuidString }

  static func start(udid: String, bundleID: String, environment: [String: String] = [:]) throws -> RunningApp
  {
    try RunningApp.startOnSimulator(
      udid: udid, bundleID: bundleID, socket: SimulatorSocket.path(udid: udid, bundleID: bundleID),
      environment: environment)
  }

  /// The reply to `{"op":"ping"}` on `socket`.
  static func ping(_ socket: String) throws -> JSON {
    let client = try LineClient.connect(path: socket, deadline: .after(milliseconds: 10_000))
    defer { client.close() }
    return try JSON.parse(try client.request(#"{"op":"ping"}"#, deadline: .after(milliseconds: 10_000)))
  }

  @Test func itListensOnItsOwnSocketInTmpAndItsPingSaysWhichAppItIs() throws {
    let udid = Self.freshUDID()
    let app = try Self.start(udid: udid, bundleID: "com.example.Recipes")
    defer { app.stop() }
    #expect(app.socket.hasPrefix("/tmp/deeplink-\(getuid())/") && app.socket.hasSuffix(".sock"))
    var status = stat()
    #expect(lstat(app.socket, &status) == 0 && status.st_mode & 0o777 == 0o600)
    #expect(lstat(SocketPath.directory(of: app.socket), &status) == 0 && status.st_mode & 0o777 == 0o700)
    let ping = try Self.ping(app.socket)
    #expect(ping["ok"]?.boolValue == true)
    #expect(ping["bundleId"]?.stringValue == "com.example.Recipes")
    #expect(ping["simulatorUdid"]?.stringValue == udid)
    #expect(ping["pid"]?.intValue == Int(app.pid))
    let link = try app.deeplink("recipe", "--id", "42")
    #expect(link.status == 0, "\(link)")
    #expect(link.stdout.contains("Spaghetti Bolognese"), "\(link)")
    app.stop()
    #expect(app.log().contains("listening on \(app.socket) as com.example.Recipes on simulator \(udid) ("))
    #expect(!FileManager.default.fileExists(atPath: app.socket))
  }

  /// Without `SIMULATOR_UDID` nothing changes: `--bundle-id` only names the app in `ping`.
  @Test func offASimulatorTheSocketIsTheUsualOne() throws {
    let app = try RunningApp.start(arguments: ["--bundle-id", "com.example.Recipes"])
    defer { app.stop() }
    let ping = try Self.ping(app.socket)
    #expect(ping["bundleId"]?.stringValue == "com.example.Recipes")
    #expect(ping["simulatorUdid"] == nil)
  }

  @Test func twoAppsOnTwoSimulatorsAtOnceEachKeepItsOwnState() throws {
    let udids = [Self.freshUDID(), Self.freshUDID()]
    let bundles = ["com.example.Recipes", "com.example.Recipes.Beta"]
    var apps: [RunningApp] = []
    defer { apps.forEach { $0.stop() } }
    for udid in udids {
      for bundle in bundles { apps.append(try Self.start(udid: udid, bundleID: bundle)) }
    }
    #expect(Set(apps.map(\.socket)).count == 4)
    for (index, app) in apps.enumerated() {
      #expect(try app.deeplink("recipe", "--id", String(index + 1)).status == 0)
    }
    for (index, app) in apps.enumerated() {
      #expect(try app.state()["path"]?.serialized == #"[{"destination":"recipe","id":\#(index + 1)}]"#)
      let ping = try Self.ping(app.socket)
      #expect(ping["simulatorUdid"]?.stringValue == udids[index / 2])
      #expect(ping["bundleId"]?.stringValue == bundles[index % 2])
    }
  }

  /// A long home and `TMPDIR` (inside a real app they name its container) change nothing:
  /// the socket is in the shared `/tmp`, 46 bytes at most, for a 200-character bundle id.
  @Test func aLongBundleIDAndALongHomeAndTMPDIRStillFit() throws {
    let long = "/tmp/" + String(repeating: "h", count: 200)
    let bundleID = "com." + String(repeating: "b", count: 196)
    let app = try Self.start(
      udid: Self.freshUDID(), bundleID: bundleID, environment: ["HOME": long, "TMPDIR": long])
    defer { app.stop() }
    #expect(app.socket.utf8.count <= 46)
    #expect(try Self.ping(app.socket)["bundleId"]?.stringValue == bundleID)
  }

  @Test func anAgentKilledWithSIGKILLIsTakenOverByTheNextLaunch() throws {
    let udid = Self.freshUDID()
    let first = try Self.start(udid: udid, bundleID: "com.example.Recipes")
    defer { first.stop() }
    first.send(SIGKILL)
    first.waitForExit()
    #expect(FileManager.default.fileExists(atPath: first.socket))
    let second = try Self.start(udid: udid, bundleID: "com.example.Recipes")
    defer { second.stop() }
    #expect(second.socket == first.socket)
    #expect(try Self.ping(second.socket)["pid"]?.intValue == Int(second.pid))
  }

  @Test func aSecondLaunchOfTheSameAppOnTheSameSimulatorRefusesAndTheFirstKeepsServing() throws {
    let udid = Self.freshUDID()
    let app = try Self.start(udid: udid, bundleID: "com.example.Recipes")
    defer { app.stop() }
    let second = try Command.run(
      try ExternalTool.require("timeout"),
      ["20", Command.product("deeplink-app"), "--bundle-id", "com.example.Recipes"],
      environment: ["SIMULATOR_UDID": udid])
    #expect(second.status == 69, "\(second)")
    #expect(second.stderr.contains("another app is already listening on \(app.socket)"), "\(second)")
    #expect(try Self.ping(app.socket)["pid"]?.intValue == Int(app.pid))
  }

  @Test func aFileInTheWayIsLeftAloneAndRefused() throws {
    let udid = Self.freshUDID()
    let path = SimulatorSocket.path(udid: udid, bundleID: "com.example.Recipes")
    let directory = SocketPath.directory(of: path)
    if !FileManager.default.fileExists(atPath: directory) {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    }
    try "mine".write(toFile: path, atomically: false, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let app = try Command.run(
      Command.product("deeplink-app"), ["--bundle-id", "com.example.Recipes"],
      environment: ["SIMULATOR_UDID": udid])
    #expect(app.status == 69, "\(app)")
    #expect(app.stderr.contains("refusing to replace \(path): it is a regular file"), "\(app)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine")
    #expect(!FileManager.default.fileExists(atPath: path + ".lock"), "the refused agent's lock file")
  }

  /// Another user made the directory where this user's simulator sockets go (the shared
  /// `/tmp` lets anyone try): the agent refuses to serve there, as it refuses any unsafe
  /// directory. Run as a spare uid, whose `/tmp/deeplink-<uid>` root gives to another.
  @Test(
    .requires("root", "setpriv"))
  func anotherUsersDirectoryAtTheComputedPathIsRefused() throws {
    try #require(getuid() == 0, "needs root to act as two users")
    let uid = UInt32.random(in: 40_000..<50_000)
    let directory = SimulatorSocket.directory(userID: uid)
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(chown(directory, uid + 1, uid + 1) == 0)
    let result = try Command.run(
      try ExternalTool.require("setpriv"),
      [
        "--reuid", String(uid), "--regid", String(uid), "--clear-groups", Command.product("deeplink-app"),
        "--bundle-id", "com.example.Recipes",
      ], environment: ["SIMULATOR_UDID": Self.freshUDID()])
    #expect(result.status == 69, "\(result)")
    #expect(result.stderr.contains("\(directory)"), "\(result)")
    #expect(result.stderr.contains("belongs to uid \(uid + 1)"), "\(result)")
  }

  @Test(arguments: ["", "com example", "com/example", "com..example", "com.example\n", "com.exampl\u{e9}"])
  func aBundleIDThatIsNotOneIsAUsageError(_ bundleID: String) throws {
    let result = try Command.run(
      Command.product("deeplink-app"), ["--bundle-id=" + bundleID],
      environment: ["SIMULATOR_UDID": Self.freshUDID()])
    #expect(result.status == 64, "\(result)")
    #expect(result.stderr.contains("deeplink-app: error: --bundle-id"), "\(result)")
  }
}
