import DeepLinkWire
import Foundation
import TestSupport

/// A private world of stand-in `xcrun` and `adb` (Tests/DeviceTests/StandIns, first on `PATH`)
/// in which the real `deeplink` binary runs: the simulators `xcrun simctl list` reports, the
/// Android devices `adb devices -l` lists, and files where the stand-ins record what reached
/// them.
///
///     let world = try StandInDevices(android: ["emulator-5554\tdevice model:Pixel_7"])
///     defer { world.remove() }
///     try world.deeplink("--target", "android", "recipe", "--id", "42")
///     world.receivedByAm()  // ["start", "-W", "-a", "android.intent.action.VIEW", "-d", "debug://recipe?id=42"]
struct StandInDevices {
  /// Tests/DeviceTests/StandIns.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("StandIns").path

  /// What the stand-in scripts run besides shell built-ins.
  static let basicPrograms = [
    "sh", "bash", "awk", "cat", "sleep", "wc", "dirname", "mv", "env", "mkdir", "rm", "grep", "date",
    "python3",
  ]

  let directory: TemporaryDirectory
  var environment: [String: String]

  /// - Parameters:
  ///   - simulators: the JSON file of StandIns/ that `simctl list devices -j` answers with.
  ///   - android: the device lines of `adb devices -l` (serial, state, fields).
  ///   - tools: which stand-ins are on `PATH`; the others are not found at all.
  init(
    simulators: String = "simulators.json", android: [String] = [], tools: Set<String> = ["xcrun", "adb"],
    apps: [String: String] = [:]
  ) throws {
    directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: directory.file("running"), withIntermediateDirectories: true)
    try apps.map { "\($0.key) \($0.value)\n" }.joined().write(
      toFile: directory.file("apps"), atomically: true, encoding: .utf8)
    let bin = directory.file("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    for tool in tools {
      try FileManager.default.createSymbolicLink(
        atPath: bin + "/" + tool, withDestinationPath: Self.folder + "/bin/" + tool)
    }
    // The basic programs the stand-ins use, and nothing else: a real adb installed in
    // /usr/bin (Debian's adb package) must not answer instead of the stand-in.
    let system = directory.file("system")
    try FileManager.default.createDirectory(atPath: system, withIntermediateDirectories: true)
    for program in Self.basicPrograms {
      guard
        let found = ["/usr/bin/", "/bin/"].map({ $0 + program }).first(
          where: FileManager.default.isExecutableFile)
      else { continue }
      try FileManager.default.createSymbolicLink(atPath: system + "/" + program, withDestinationPath: found)
    }
    try (android.map { $0 + "\n" }.joined()).write(
      toFile: directory.file("adb-devices"), atomically: true, encoding: .utf8)
    environment = [
      // Only the stand-ins and the basic tools they use: a real adb or xcrun elsewhere on
      // this machine's PATH must not answer instead.
      "PATH": bin + ":" + system,
      "STANDIN_SIMULATORS": Self.folder + "/" + simulators,
      "STANDIN_DEVICES": Self.folder + "/devices.json",
      "STANDIN_ADB_DEVICES": directory.file("adb-devices"),
      "STANDIN_DEVICE_BIN": Self.folder + "/device",
      "STANDIN_SIMULATOR_BIN": Self.folder + "/simulator",
      "STANDIN_AM_RECORD": directory.file("am-arguments"),
      "STANDIN_OPENED": directory.file("opened"),
      "STANDIN_DEFAULTS": directory.file("defaults"),
      "STANDIN_LOG": directory.file("log"),
      "STANDIN_PIDFILE": directory.file("pids"),
      "STANDIN_APPS": directory.file("apps"),
      "STANDIN_RUNNING": directory.file("running"),
      "STANDIN_DEEPLINK": Command.product("deeplink"),
      "ANDROID_SERIAL": "",
      "DEEPLINK_TARGET": "",
    ]
  }

  /// Stops every app `simctl launch` started (SIGTERM, then waits for each), and removes the world.
  func remove() {
    stopApps()
    directory.remove()
  }

  /// The pid of the app `bundleID` that `simctl launch` started on `udid`, if it did.
  func launchedPID(udid: String, bundleID: String) -> Int32? {
    (try? String(contentsOfFile: directory.file("running/\(udid)-\(bundleID).pid"), encoding: .utf8))
      .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  }

  /// Stops every app `simctl launch` started: SIGCONT (a test may have stopped it) and
  /// SIGTERM, then SIGKILL if it is still there after ``Patience/seconds``; returns once each
  /// is gone. The stand-in launchd_sim is each app's parent and reaps it, so an app that has
  /// exited is no zombie that `kill(pid, 0)` would still find.
  func stopApps() {
    let running = directory.file("running")
    for name in (try? FileManager.default.contentsOfDirectory(atPath: running)) ?? []
    where name.hasSuffix(".pid") {
      guard let text = try? String(contentsOfFile: running + "/" + name, encoding: .utf8),
        let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0
      else { continue }
      kill(pid, SIGCONT)
      kill(pid, SIGTERM)
      if !Self.waitUntilGone(pid) {
        kill(pid, SIGKILL)
        _ = Self.waitUntilGone(pid)
      }
      try? FileManager.default.removeItem(atPath: running + "/" + name)
      // "<UDID>-<bundle id>.pid": the socket an app killed with SIGKILL left behind, and its lock.
      let app = name.dropLast(4)
      guard app.count > 37 else { continue }
      let socket = SimulatorSocket.path(udid: String(app.prefix(36)), bundleID: String(app.dropFirst(37)))
      for path in [socket, socket + ".lock"] { try? FileManager.default.removeItem(atPath: path) }
    }
  }

  /// Whether the process `pid` (not ours to wait for) is gone within ``Patience/seconds``,
  /// looked at every 10 ms.
  static func waitUntilGone(_ pid: Int32) -> Bool {
    let deadline = Date().addingTimeInterval(Patience.seconds)
    while kill(pid, 0) == 0 {
      guard Date() < deadline else { return false }
      usleep(10_000)
    }
    return true
  }

  /// Runs the stand-in `xcrun` itself, as a test's setup would run the real one.
  func xcrun(_ arguments: String..., environment extra: [String: String] = [:]) throws -> CommandResult {
    try Command.run(Self.folder + "/bin/xcrun", arguments, environment: environment.merging(extra) { $1 })
  }

  /// A `simctl list devices -j` file with booted iPhones of fresh UDIDs, so that agents of
  /// runs side by side (which share `/tmp/deeplink-<uid>`) never answer for each other's
  /// simulators; returns the file's name relative to the stand-ins' folder's parent and the UDIDs.
  static func freshSimulators(_ count: Int, in directory: TemporaryDirectory) throws -> (
    file: String, udids: [String]
  ) {
    let udids = (0..<count).map { _ in UUID().uuidString }
    let devices = udids.enumerated().map { index, udid in
      """
            {
              "udid" : "\(udid)",
              "isAvailable" : true,
              "state" : "Booted",
              "name" : "iPhone \(15 + index)"
            }
      """
    }.joined(separator: ",\n")
    let json = """
      {
        "devices" : {
          "com.apple.CoreSimulator.SimRuntime.iOS-17-2" : [
      \(devices)
          ]
        }
      }

      """
    let file = directory.file("simulators.json")
    try json.write(toFile: file, atomically: true, encoding: .utf8)
    return (file, udids)
  }

  /// Runs the real `deeplink` in this world.
  func deeplink(_ arguments: String..., environment extra: [String: String] = [:]) throws -> CommandResult {
    try deeplink(arguments, environment: extra)
  }

  func deeplink(_ arguments: [String], input: String? = nil, environment extra: [String: String] = [:]) throws
    -> CommandResult
  {
    try Command.deeplink(arguments, input: input, environment: environment.merging(extra) { $1 })
  }

  /// The arguments the `am` stand-in got, as the device shell split them; `nil` if it never ran.
  func receivedByAm() -> [String]? {
    records(directory.file("am-arguments"))
  }

  /// The URL after `-d` in what `am` got.
  func urlReceivedByAm() -> String? {
    guard let arguments = receivedByAm(), let index = arguments.firstIndex(of: "-d"),
      index + 1 < arguments.count
    else { return nil }
    return arguments[index + 1]
  }

  /// The time the stand-in `simctl status_bar <udid> override` set, or `nil` when the status
  /// bar is as it was (never set, or cleared).
  func statusBarTime(udid: String) -> String? {
    (try? String(contentsOfFile: directory.file("running/\(udid).status_bar"), encoding: .utf8))
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
  }

  /// The URLs `simctl openurl` opened, in order.
  func openedOnSimulator() -> [String] { records(directory.file("opened")) ?? [] }

  /// The arguments of `simctl spawn … defaults write`, in order.
  func defaultsWritten() -> [String] { records(directory.file("defaults")) ?? [] }

  /// Every invocation of a stand-in, each as its argument list (`["adb", "-s", …]`).
  func invocations() -> [[String]] {
    guard let data = FileManager.default.contents(atPath: directory.file("log")) else { return [] }
    return data.split(separator: UInt8(ascii: "\n")).map { line in
      line.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
        String(decoding: $0, as: UTF8.self)
      }
    }
  }

  /// The pids the stand-ins wrote down.
  func recordedPIDs() -> [Int32] {
    guard let text = try? String(contentsOfFile: directory.file("pids"), encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { Int32($0) }
  }

  /// NUL-separated records of a file, decoded as UTF-8 byte for byte.
  private func records(_ path: String) -> [String]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
      String(decoding: $0, as: UTF8.self)
    }
  }
}
